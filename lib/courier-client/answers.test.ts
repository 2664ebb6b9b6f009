import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDED_LEG, RECORDED_QUOTE_FIGURES } from '@/test/fixtures/recorded-quote';
import type * as Answers from './answers';

// Loaded afresh in each test: the schemas are built when the module loads.
let loginAnswerSchema: typeof Answers.loginAnswerSchema;
let quotationAnswerSchema: typeof Answers.quotationAnswerSchema;
let describeIssues: typeof Answers.describeIssues;
beforeEach(async () => {
  vi.resetModules();
  ({ loginAnswerSchema, quotationAnswerSchema, describeIssues } = await import('./answers'));
});

/** The recorded legacy answer (docs/courier-api.md), with its extra fields and ivoyCost. */
const legacyQuotation = {
  code: 0,
  data: {
    discount: 0.0,
    distance: 1.58,
    extraCharge: 0.0,
    packageValue: 0.0,
    price: 35.0,
    eta: 28.0,
    rating: 0.0,
    total: 35.0,
    messengerFee: 28.0,
    ivoyCost: 7.0,
    isBike: true,
    vehicle: 'bicycle',
    promoCodeBalance: 0,
    orderType: 1,
    zone: { idZone: 1, name: 'cdmx' },
    packageType: { idPackageType: 1, name: 'Sobre' },
    orderAddresses: [
      {
        isPickup: 1,
        isSource: 1,
        address: { latitude: 19.4245207 },
        distance: 0,
        eta: 20,
        price: 0,
      },
      {
        isPickup: 0,
        isSource: 0,
        address: { latitude: 19.4133562 },
        distance: 1.58,
        eta: 28,
        price: 35,
      },
    ],
  },
};

describe('reading the courier’s answers', () => {
  it('the recorded legacy quotation becomes the app’s quote', () => {
    const quote = quotationAnswerSchema.parse(legacyQuotation).data;
    expect(quote).toEqual({
      ...RECORDED_QUOTE_FIGURES,
      zone: { id: 1, name: 'cdmx' },
      packageType: { id: 1, name: 'Sobre' },
      legs: [RECORDED_LEG],
    });
  });

  it('numbers sent as text, another brand’s cost and missing extras are all understood', () => {
    const quote = quotationAnswerSchema.parse({
      code: '0',
      data: {
        total: '42.50',
        price: '42.5',
        distance: '4.2',
        eta: '41',
        isBike: 0,
        expressCost: '8.50',
        zone: { idZone: '2', name: 'gdl', description: 'JAL.' },
      },
    }).data;
    expect(quote).toMatchObject({
      total: 42.5,
      distanceKm: 4.2,
      etaMinutes: 41,
      isBike: false,
      operatorCost: 8.5,
      discount: 0,
      packageType: { id: 0, name: '' },
      zone: { id: 2, name: 'gdl', description: 'JAL.' },
    });
    expect(quote.legs).toBeUndefined();
  });

  it('an answer without a total or a zone is not a quote', () => {
    const { total: _total, ...withoutTotal } = legacyQuotation.data;
    expect(quotationAnswerSchema.safeParse({ code: 0, data: withoutTotal }).success).toBe(false);
    const { zone: _zone, ...withoutZone } = legacyQuotation.data;
    expect(quotationAnswerSchema.safeParse({ code: 0, data: withoutZone }).success).toBe(false);
  });

  it('a login with only an access token is enough', () => {
    expect(loginAnswerSchema.parse({ code: 0, token: { access_token: 'abc' } })).toEqual({
      accessToken: 'abc',
      expiresIn: undefined,
      profile: { email: undefined, name: undefined, zone: undefined },
    });
  });

  it('a full login gives the token, its expiry and the dispatcher’s name and zone', () => {
    expect(
      loginAnswerSchema.parse({
        code: 0,
        data: {
          idClient: 7,
          email: 'dispatcher@example.com',
          firstName: 'Ana',
          lastName: 'López',
          zone: 'cdmx',
          extra: true,
        },
        token: { access_token: 'abc', token_type: 'expressat', expires_in: '31/05/22 15:30' },
      }),
    ).toEqual({
      accessToken: 'abc',
      expiresIn: '31/05/22 15:30',
      profile: { email: 'dispatcher@example.com', name: 'Ana López', zone: 'cdmx', clientId: 7 },
    });
  });

  it('the courier client the dispatcher belongs to is its idClient, as a number or as text', () => {
    const clientOf = (data: unknown) =>
      loginAnswerSchema.parse({ data, token: 't' }).profile.clientId;
    expect(clientOf({ idClient: 4821 })).toBe(4821);
    expect(clientOf({ idClient: '4821' })).toBe(4821);
    expect(clientOf({ idClient: 'acme' })).toBeUndefined();
    expect(clientOf({ idClient: 4.5 })).toBeUndefined();
    expect(clientOf({})).toBeUndefined();
  });

  it('a login without any token is refused', () => {
    expect(loginAnswerSchema.safeParse({ code: 0, data: {}, token: {} }).success).toBe(false);
    expect(loginAnswerSchema.safeParse({ code: 0 }).success).toBe(false);
  });
});

/** The least a quotation answer must carry, with `data` changed as given. */
const quoteOf = (data: Record<string, unknown>) =>
  quotationAnswerSchema.safeParse({
    code: 0,
    data: {
      total: 35,
      price: 35,
      distance: 1.58,
      eta: 28,
      isBike: true,
      zone: { id: 3, name: 'x' },
      ...data,
    },
  });
const read = (data: Record<string, unknown>) => {
  const parsed = quoteOf(data);
  if (!parsed.success) throw new Error(describeIssues(parsed.error));
  return parsed.data.data;
};

describe('the courier’s figures, however it writes them', () => {
  it('a figure is a finite number or decimal text, signed or not, with spaces around', () => {
    expect(read({ total: ' -12.25 ' }).total).toBe(-12.25);
    expect(read({ total: '7' }).total).toBe(7);
    for (const total of ['12.', '.5', '1e3', '12.5x', 'x12', '', '--1', '1.2.3', Infinity]) {
      expect(quoteOf({ total }).success, String(total)).toBe(false);
    }
  });

  it('an extra figure the courier garbles counts as nothing rather than refusing the quote', () => {
    const quote = read({
      discount: 'n/a',
      extraCharge: null,
      packageValue: {},
      messengerFee: '1e2',
      rating: 'five',
    });
    expect(quote).toMatchObject({
      discount: 0,
      extraCharge: 0,
      packageValue: 0,
      messengerFee: 0,
      rating: 0,
    });
    expect(read({ discount: '2.5', extraCharge: 3, rating: '4' })).toMatchObject({
      discount: 2.5,
      extraCharge: 3,
      rating: 4,
    });
  });

  it('bicycle or not: true and false, 1 and 0, as numbers or text', () => {
    for (const [isBike, expected] of [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['true', true],
      ['false', false],
      ['1', true],
      ['0', false],
    ] as const) {
      expect(read({ isBike }).isBike, String(isBike)).toBe(expected);
    }
    for (const isBike of [2, 'yes', null]) expect(quoteOf({ isBike }).success).toBe(false);
  });

  it('the zone’s id is idZone, else id, else 0; its description only when it has one', () => {
    expect(read({ zone: { idZone: 4, id: 9, name: 'gdl' } }).zone).toEqual({ id: 4, name: 'gdl' });
    expect(read({ zone: { id: '9', name: 'gdl', description: '' } }).zone).toEqual({
      id: 9,
      name: 'gdl',
    });
    expect(read({ zone: { name: 7, description: 5 } }).zone).toEqual({
      id: 0,
      name: '7',
      description: '5',
    });
    expect(read({ zone: { name: 'gdl', description: {} } }).zone).toEqual({ id: 0, name: 'gdl' });
    expect(quoteOf({ zone: { idZone: 1.5, name: 'gdl' } }).success).toBe(false);
    expect(quoteOf({ zone: { idZone: 1 } }).success).toBe(false);
  });

  it('the package type’s id is idPackageType, else id, else 0; a garbled one is no package type', () => {
    expect(read({ packageType: { idPackageType: 2, id: 5, name: 'Caja' } }).packageType).toEqual({
      id: 2,
      name: 'Caja',
    });
    expect(read({ packageType: { id: '5' } }).packageType).toEqual({ id: 5, name: '' });
    expect(read({ packageType: { id: 'x', name: 'Caja' } }).packageType).toEqual({
      id: 0,
      name: '',
    });
  });

  it('the operator’s cost is the first readable <brand>Cost; the messenger’s fee is not one', () => {
    expect(read({ messengerFee: 28, expressCost: 'n/a', ivoyCost: '7.5' }).operatorCost).toBe(7.5);
    expect(read({ messengerFee: 28 }).operatorCost).toBe(0);
    expect(read({ Cost: 4, XCost: 4, 'x-yCost': 4, xCostly: 4, cost: 4 }).operatorCost).toBe(0);
    expect(read({ b2bCost: 4 }).operatorCost).toBe(4);
    expect(read({ aBCost: 6 }).operatorCost).toBe(6);
  });

  it('each drop-off’s leg is read from the echoed addresses, the pickup’s whatever its flag looks like', () => {
    const leg = { distance: 1, eta: 2, price: 3 };
    for (const isPickup of [1, '1', true]) {
      expect(
        read({
          orderAddresses: [
            { isPickup, ...leg },
            { isPickup: 0, ...leg },
          ],
        }).legs,
      ).toHaveLength(1);
    }
    expect(
      read({
        orderAddresses: [
          { isPickup: 1, distance: 0, eta: 20, price: 0 },
          { isPickup: 0, distance: '1.5', eta: 10, price: 20 },
          { isPickup: '0', distance: 2.5, eta: 15, price: 30 },
        ],
      }).legs,
    ).toEqual([
      { from: 0, to: 1, distanceKm: 1.5, etaMinutes: 10, price: 20 },
      { from: 1, to: 2, distanceKm: 2.5, etaMinutes: 15, price: 30 },
    ]);
  });

  it('no legs at all when any drop-off lacks its distance, time or price, or the list is garbled', () => {
    const full = { isPickup: 0, distance: 1, eta: 2, price: 3 };
    for (const missing of ['distance', 'eta', 'price'] as const) {
      const { [missing]: _gone, ...partial } = full;
      expect(read({ orderAddresses: [full, partial] }).legs, missing).toBeUndefined();
      expect(read({ orderAddresses: [full, { ...full, [missing]: 'n/a' }] }).legs).toBeUndefined();
    }
    expect(read({ orderAddresses: 'none' }).legs).toBeUndefined();
    expect(read({ orderAddresses: [] }).legs).toBeUndefined();
  });
});

describe('the courier’s login answer, however it is shaped', () => {
  it('a token sent as bare text, or flattened into the answer, is still the token', () => {
    expect(loginAnswerSchema.parse({ code: 0, token: ' abc ' }).accessToken).toBe('abc');
    expect(
      loginAnswerSchema.parse({ code: 0, access_token: 'flat', expires_in: 3600 }),
    ).toMatchObject({ accessToken: 'flat', expiresIn: 3600 });
    expect(
      loginAnswerSchema.parse({ token: { access_token: 'rec', expires_in: 60 }, expires_in: 1 }),
    ).toMatchObject({ accessToken: 'rec', expiresIn: 60 });
    expect(loginAnswerSchema.safeParse({ token: '  ' }).success).toBe(false);
    expect(loginAnswerSchema.safeParse({ token: { access_token: ' ' } }).success).toBe(false);
    expect(loginAnswerSchema.safeParse({ access_token: ' ' }).success).toBe(false);
  });

  it('the dispatcher’s name is the courier’s name, or the first and last names that are there', () => {
    const profileOf = (data: unknown) => loginAnswerSchema.parse({ data, token: 't' }).profile;
    expect(profileOf({ name: 'Ana', firstName: 'X', lastName: 'Y' }).name).toBe('Ana');
    expect(profileOf({ firstName: 'Ana' }).name).toBe('Ana');
    expect(profileOf({ lastName: 'López' }).name).toBe('López');
    expect(profileOf({ firstName: 12, lastName: {} }).name).toBe('12');
    expect(profileOf({ firstName: '', lastName: '' }).name).toBeUndefined();
    expect(profileOf({ email: ['x'] }).email).toBeUndefined();
  });

  it('the dispatcher’s zone is its name, whether sent as text or as an object', () => {
    const profileOf = (data: unknown) => loginAnswerSchema.parse({ data, token: 't' }).profile;
    expect(profileOf({ zone: { idZone: 1, name: 'cdmx' } }).zone).toBe('cdmx');
    expect(profileOf({ zone: 'gdl' }).zone).toBe('gdl');
    expect(profileOf({ zone: '' }).zone).toBeUndefined();
    expect(profileOf({ zone: { idZone: 1 } }).zone).toBeUndefined();
    expect(profileOf('not a profile')).toEqual({
      email: undefined,
      name: undefined,
      zone: undefined,
    });
    expect(profileOf(null)).toEqual({ email: undefined, name: undefined, zone: undefined });
  });
});

describe('an unreadable answer, as the log describes it', () => {
  it('names at most five places and what was wrong there, never the values', () => {
    const parsed = quotationAnswerSchema.safeParse({ data: { total: 'secret-ish' } });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const described = describeIssues(parsed.error);
    expect(described.split('; ')).toHaveLength(5);
    expect(described).toBe(
      'data.total: invalid_union; data.price: invalid_union; data.distance: invalid_union; data.eta: invalid_union; data.isBike: invalid_union',
    );
    expect(described).not.toContain('secret-ish');
    const root = loginAnswerSchema.safeParse('nothing');
    expect(root.success || describeIssues(root.error)).toBe('(root): invalid_type');
  });
});
