import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { quotePointSchema, quoteRequestSchema, quoteRequestSchemaFor } from './schema';

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
      exteriorNumber: 'validation.tooLong',
      interiorNumber: 'validation.tooLong',
      neighborhood: 'validation.tooLong',
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
});
