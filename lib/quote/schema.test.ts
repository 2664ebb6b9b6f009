import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type * as Schema from './schema';

// The rules are built when the module loads. Loaded afresh for each test, that building counts as
// the test's own, so mutation testing (stryker.config.mjs, `ignoreStatic`) runs these tests against
// a changed rule; loaded once for the file, only the contract tests that load the app would be.
let quotePointSchema: typeof Schema.quotePointSchema;
let quoteRequestSchema: typeof Schema.quoteRequestSchema;
let quoteRequestSchemaFor: typeof Schema.quoteRequestSchemaFor;
beforeEach(async () => {
  vi.resetModules();
  ({ quotePointSchema, quoteRequestSchema, quoteRequestSchemaFor } = await import('./schema'));
});

const varsovia = {
  street: 'Varsovia',
  exteriorNumber: '36',
  neighborhood: 'Juárez',
  zipCode: '06600',
  lat: 19.4245207,
  lng: -99.1676911,
};

const issuesOf = (value: unknown) =>
  Object.fromEntries(
    (z.safeParse(quotePointSchema, value).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

const requestIssuesOf = (body: unknown) =>
  z
    .safeParse(quoteRequestSchemaFor(body), body)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the quote request schema', () => {
  it('accepts the recorded pickup and trims what the dispatcher typed', () => {
    const point = z.parse(quotePointSchema, { ...varsovia, street: '  Varsovia ' });
    expect(point.street).toBe('Varsovia');
  });

  it('accepts exterior numbers as dispatchers write them: 36, 36-B, S/N', () => {
    for (const exteriorNumber of ['36', '36-B', 'S/N']) {
      expect(z.safeParse(quotePointSchema, { ...varsovia, exteriorNumber }).success).toBe(true);
    }
  });

  it('accepts the conventions of Mexican addresses: letters, Bis, S/N, manzana and lote, km', () => {
    for (const exteriorNumber of [
      '36B',
      '36 B',
      '36-b',
      '36 Bis',
      '180-2',
      '1200',
      'S/N',
      's/n',
      'SN',
      'S.N.',
      'Sin número',
      'Mz 4 Lt 12',
      'Mza. 4, Lote 12',
      'MZ 12 LT 4A',
      'Mz A',
      'Lt 7',
      'Km 3.5',
      'Km. 14,5',
      'km 12+300',
      'Kilómetro 8',
    ]) {
      expect(issuesOf({ ...varsovia, exteriorNumber }), exteriorNumber).toEqual({});
    }
  });

  it('refuses an exterior number in words, with emoji or with no number in it', () => {
    for (const exteriorNumber of [
      'treinta y seis',
      'seis',
      '36 🏠',
      '🏠',
      '36!',
      'a un lado del Oxxo',
      'Mz',
      'Km',
      '36 B C',
      'N/A',
      '#',
      '--',
    ]) {
      expect(issuesOf({ ...varsovia, exteriorNumber }), exteriorNumber).toEqual({
        exteriorNumber: 'validation.exteriorNumber',
      });
    }
  });

  it('an interior number may be left empty or out', () => {
    expect(z.safeParse(quotePointSchema, { ...varsovia, interiorNumber: '' }).success).toBe(true);
    expect(z.safeParse(quotePointSchema, { ...varsovia, interiorNumber: '1' }).success).toBe(true);
  });

  it('names each wrong field with a stable message key', () => {
    expect(
      issuesOf({
        street: ' ',
        exteriorNumber: 'x'.repeat(21),
        interiorNumber: 'y'.repeat(21),
        neighborhood: 'z'.repeat(101),
        zipCode: '6600',
        lat: 91,
        lng: -181,
      }),
    ).toEqual({
      street: 'validation.streetRequired',
      exteriorNumber: 'validation.exteriorNumberTooLong',
      interiorNumber: 'validation.interiorNumberTooLong',
      neighborhood: 'validation.neighborhoodTooLong',
      zipCode: 'validation.zipCode',
      lat: 'validation.latitude',
      lng: 'validation.longitude',
    });
  });

  it('a missing field is required, a field of the wrong kind is invalid', () => {
    expect(issuesOf({ ...varsovia, street: undefined, lat: 'norte', zipCode: 6600 })).toEqual({
      street: 'validation.streetRequired',
      lat: 'validation.latitude',
      zipCode: 'validation.zipCode',
    });
    expect(issuesOf({ ...varsovia, neighborhood: 12 })).toEqual({
      neighborhood: 'validation.invalid',
    });
  });

  it('rejects coordinates that are not finite numbers', () => {
    expect(issuesOf({ ...varsovia, lat: Number.NaN, lng: Infinity })).toEqual({
      lat: 'validation.latitude',
      lng: 'validation.longitude',
    });
  });

  it('an empty field is named by what is missing: the street, the number, the colonia, the zip code', () => {
    expect(
      issuesOf({ ...varsovia, street: '', exteriorNumber: ' ', neighborhood: '', zipCode: '' }),
    ).toEqual({
      street: 'validation.streetRequired',
      exteriorNumber: 'validation.exteriorNumberRequired',
      neighborhood: 'validation.neighborhoodRequired',
      zipCode: 'validation.zipCodeRequired',
    });
  });

  it('a request needs the pickup and one to nine drop-offs', () => {
    const issues = (body: unknown) =>
      z
        .safeParse(quoteRequestSchema, body)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ pickup: varsovia })).toEqual([['dropoffs', 'validation.required']]);
    expect(issues({ pickup: varsovia, dropoffs: [] })).toEqual([
      ['dropoffs', 'validation.required'],
    ]);
    expect(issues({ pickup: varsovia, dropoffs: Array(9).fill(varsovia) })).toBeUndefined();
    expect(issues({ pickup: varsovia, dropoffs: Array(10).fill(varsovia) })).toEqual([
      ['dropoffs', 'validation.tooManyStops'],
    ]);
  });

  it('the first published shape {pickup, dropoff} is read as one drop-off, its errors named as sent', () => {
    const single = z.safeParse(quoteRequestSchemaFor({ pickup: varsovia, dropoff: varsovia }), {
      pickup: varsovia,
      dropoff: varsovia,
    });
    expect(single.data).toEqual({ pickup: varsovia, dropoffs: [varsovia] });
    const body = { pickup: varsovia, dropoff: { ...varsovia, street: '' } };
    const refused = z.safeParse(quoteRequestSchemaFor(body), body);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['dropoff.street']);
    const listed = { pickup: varsovia, dropoffs: [varsovia] };
    expect(quoteRequestSchemaFor(listed)).toBe(quoteRequestSchema);
  });
  it('a field sent as null is missing, as if left out: named by what is missing', () => {
    expect(
      issuesOf({
        ...varsovia,
        street: null,
        exteriorNumber: null,
        neighborhood: null,
        zipCode: null,
        lat: null,
        lng: undefined,
      }),
    ).toEqual({
      street: 'validation.streetRequired',
      exteriorNumber: 'validation.exteriorNumberRequired',
      neighborhood: 'validation.neighborhoodRequired',
      zipCode: 'validation.zipCodeRequired',
      lat: 'validation.required',
      lng: 'validation.required',
    });
  });

  it('a street, a number or an interior number of the wrong kind is invalid', () => {
    expect(
      issuesOf({
        ...varsovia,
        street: 36,
        exteriorNumber: true,
        interiorNumber: 4,
        zipCode: false,
      }),
    ).toEqual({
      street: 'validation.invalid',
      exteriorNumber: 'validation.invalid',
      interiorNumber: 'validation.invalid',
      zipCode: 'validation.zipCode',
    });
  });

  it('each text field takes its full length and refuses one character more as too long', () => {
    const atMost = {
      ...varsovia,
      street: 's'.repeat(150),
      // Digits, as an exterior number must be (EXTERIOR_NUMBER).
      exteriorNumber: '123456 123456 123456',
      interiorNumber: 'i'.repeat(20),
      neighborhood: 'n'.repeat(100),
    };
    expect(issuesOf(atMost)).toEqual({});
    expect(
      issuesOf({
        ...atMost,
        street: 's'.repeat(151),
        exteriorNumber: '123456 123456 1234567',
        interiorNumber: 'i'.repeat(21),
        neighborhood: 'n'.repeat(101),
      }),
    ).toEqual({
      street: 'validation.streetTooLong',
      exteriorNumber: 'validation.exteriorNumberTooLong',
      interiorNumber: 'validation.interiorNumberTooLong',
      neighborhood: 'validation.neighborhoodTooLong',
    });
  });

  it('a control character or half a UTF-16 pair in any text field is refused, named for its field', () => {
    // C0 (NUL, a tab or a line break inside the text), DEL, C1, and each half of a pair alone.
    for (const bad of [
      '\u0000',
      '\t',
      '\n',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\uD800',
      '\uDC00',
    ]) {
      expect(
        issuesOf({
          ...varsovia,
          street: `Varsovia${bad}Norte`,
          exteriorNumber: `3${bad}6`,
          interiorNumber: `4${bad}A`,
          neighborhood: `Ju${bad}árez`,
        }),
        JSON.stringify(bad),
      ).toEqual({
        street: 'validation.unreadableCharacter',
        exteriorNumber: 'validation.unreadableCharacter',
        interiorNumber: 'validation.unreadableCharacter',
        neighborhood: 'validation.unreadableCharacter',
      });
    }
    // The one thing said of the field: not also "write the number with digits".
    expect(
      z.safeParse(quotePointSchema, { ...varsovia, exteriorNumber: '36\u0000' }).error?.issues,
    ).toHaveLength(1);
  });

  it('accents, ñ, emoji (a whole pair) and spaces around the text are typed text', () => {
    const point = z.parse(quotePointSchema, {
      ...varsovia,
      street: ' Calz. de Tlalpan 😀\t',
      interiorNumber: 'Depto ñ\n',
      neighborhood: 'Álvaro Obregón',
    });
    expect(point).toMatchObject({
      street: 'Calz. de Tlalpan 😀',
      interiorNumber: 'Depto ñ',
      neighborhood: 'Álvaro Obregón',
    });
  });

  it('a zip code is five digits: fewer, more or letters are refused with the zip code message', () => {
    for (const zipCode of ['0660', '066000', 'O6600', ' 06600 ']) {
      const expected = zipCode.trim() === '06600' ? {} : { zipCode: 'validation.zipCode' };
      expect(issuesOf({ ...varsovia, zipCode })).toEqual(expected);
    }
  });

  it('a pickup or a drop-off that is missing is required; one that is not an address is invalid', () => {
    expect(requestIssuesOf({ dropoffs: [varsovia] })).toEqual([['pickup', 'validation.required']]);
    expect(requestIssuesOf({ pickup: null, dropoffs: [varsovia] })).toEqual([
      ['pickup', 'validation.required'],
    ]);
    expect(requestIssuesOf({ pickup: 'Varsovia 36', dropoffs: [varsovia] })).toEqual([
      ['pickup', 'validation.invalid'],
    ]);
    expect(requestIssuesOf({ pickup: varsovia, dropoffs: [varsovia, 7] })).toEqual([
      ['dropoffs.1', 'validation.invalid'],
    ]);
    expect(requestIssuesOf({ pickup: varsovia, dropoff: 'Varsovia 36' })).toEqual([
      ['dropoff', 'validation.invalid'],
    ]);
  });

  it('drop-offs that are not a list are invalid', () => {
    expect(requestIssuesOf({ pickup: varsovia, dropoffs: varsovia })).toEqual([
      ['dropoffs', 'validation.invalid'],
    ]);
  });

  it('a body that is not an object is invalid, an absent one required', () => {
    expect(requestIssuesOf('pickup=Varsovia')).toEqual([['', 'validation.invalid']]);
    expect(requestIssuesOf(null)).toEqual([['', 'validation.required']]);
  });

  it('a body with both dropoffs and dropoff is read by its dropoffs', () => {
    const both = { pickup: varsovia, dropoffs: [varsovia], dropoff: { street: '' } };
    expect(quoteRequestSchemaFor(both)).toBe(quoteRequestSchema);
    expect(z.safeParse(quoteRequestSchemaFor(both), both).data).toEqual({
      pickup: varsovia,
      dropoffs: [varsovia],
    });
  });
});

describe('the customer text of a quote ("Cliente (opcional)")', () => {
  const trip = { pickup: varsovia, dropoffs: [varsovia] };

  it('may be left out or empty: a first quote costs nothing more', () => {
    expect(z.parse(quoteRequestSchema, trip).customer).toBeUndefined();
    expect(z.parse(quoteRequestSchema, { ...trip, customer: '   ' }).customer).toBe('');
  });

  it('is kept trimmed, in either request shape', () => {
    const body = { ...trip, customer: '  Florería Lupita 55 1234 5678 ' };
    expect(z.parse(quoteRequestSchema, body).customer).toBe('Florería Lupita 55 1234 5678');
    const first = { pickup: varsovia, dropoff: varsovia, customer: ' Lupita ' };
    expect(z.parse(quoteRequestSchemaFor(first), first)).toMatchObject({
      customer: 'Lupita',
      dropoffs: [varsovia],
    });
  });

  it('takes 80 characters and refuses one more with the message that names the limit', () => {
    const at = (length: number) => ({ ...trip, customer: ` ${'ñ'.repeat(length)} ` });
    expect(requestIssuesOf(at(80))).toBeUndefined();
    expect(requestIssuesOf(at(81))).toEqual([['customer', 'validation.customerTooLong']]);
  });

  it('is text: a number or an object is invalid', () => {
    expect(requestIssuesOf({ ...trip, customer: 5512345678 })).toEqual([
      ['customer', 'validation.invalid'],
    ]);
    expect(requestIssuesOf({ ...trip, customer: { name: 'Lupita' } })).toEqual([
      ['customer', 'validation.invalid'],
    ]);
  });
});
