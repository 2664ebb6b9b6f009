import { describe, expect, it } from 'vitest';
import { loginAnswerSchema, quotationAnswerSchema } from './answers';

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
      total: 35,
      price: 35,
      discount: 0,
      extraCharge: 0,
      packageValue: 0,
      messengerFee: 28,
      operatorCost: 7,
      distanceKm: 1.58,
      etaMinutes: 28,
      isBike: true,
      rating: 0,
      currency: 'MXN',
      zone: { id: 1, name: 'cdmx' },
      packageType: { id: 1, name: 'Sobre' },
      legs: [{ from: 0, to: 1, distanceKm: 1.58, etaMinutes: 28, price: 35 }],
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
      profile: { email: 'dispatcher@example.com', name: 'Ana López', zone: 'cdmx' },
    });
  });

  it('a login without any token is refused', () => {
    expect(loginAnswerSchema.safeParse({ code: 0, data: {}, token: {} }).success).toBe(false);
    expect(loginAnswerSchema.safeParse({ code: 0 }).success).toBe(false);
  });
});
