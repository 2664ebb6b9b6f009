import { z } from 'zod';
import { ADDRESS_FIELD_MAX_LENGTH as MAX_LENGTH, SIGN_IN_FIELD_MAX_LENGTH } from './limits';

/**
 * The wire format of the Express Delivery API (docs/courier-api.md): the one module that both the
 * courier service (which speaks it) and the courier client (which talks to any courier speaking it)
 * may read. Request schemas here are the canonical, strict shapes the built-in service accepts; the
 * client sends exactly these shapes and parses answers with its own lenient schemas, because a real
 * courier's answers vary.
 */

export const LOGIN_PATH = '/api/login/loginClient/json/web';
export const QUOTATION_PATH = '/api/order/validZipCode/json/web';
/** The quotation's access-token header (not `Authorization: Bearer`). */
export const TOKEN_HEADER = 'token';
/**
 * On a login, the address of the person an API client signs in for (a server acting for many
 * people, as the dispatch app does). The built-in courier counts failed logins per that address,
 * within the API client that named it, when the app's proof comes with it (end-user-address.ts);
 * otherwise per the caller's own address.
 */
export const END_USER_ADDRESS_HEADER = 'x-end-user-address';
/**
 * On a login, an access token the courier issued earlier for the same account (expired or not):
 * proof that this caller signed that account in before — a session renewing its token. The
 * built-in courier then counts the login's failures against that proof alone, not against the
 * account or the address that strangers' guesses fill (docs/security.md). Other couriers ignore it.
 */
export const EARLIER_TOKEN_HEADER = 'x-earlier-token';

/** Result codes: 0 on success, negative on failure (docs/courier-api.md, "Result codes"). */
export const COURIER_CODE = {
  ok: 0,
  malformed: -100,
  wrongAddresses: -111,
  dropoffOutOfCoverage: -113,
  pickupOutOfCoverage: -114,
  tokenInvalid: -155,
  tokenExpired: -156,
  unavailable: -160,
  tooManyAttempts: -165,
  unknownClient: -190,
  invalidEmail: -192,
  /** The legacy service's answer for an unknown e-mail; the built-in answers -194 instead. */
  unknownUser: -193,
  wrongCredentials: -194,
} as const;
export type CourierCode = (typeof COURIER_CODE)[keyof typeof COURIER_CODE];

/** The text some clients send as `internalNumber` when there is none. */
export const NOT_APPLICABLE = 'N/A';

export const errorResponseSchema = z.object({
  code: z.number().int().negative(),
  message: z.string(),
  /**
   * The built-in courier's addition: on -113, which address (its index in `orderAddresses` as
   * sent) lies outside the pickup's zone. The legacy service did not say; clients must cope.
   */
  addressIndex: z.number().int().nonnegative().optional(),
});
export type CourierErrorBody = z.infer<typeof errorResponseSchema>;

// ---------------------------------------------------------------- login

export const loginRequestSchema = z.object({
  data: z.object({
    systemRequest: z.object({
      user: z.string().max(SIGN_IN_FIELD_MAX_LENGTH.email),
      password: z.string().max(SIGN_IN_FIELD_MAX_LENGTH.password),
    }),
  }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const clientProfileSchema = z.object({
  idClient: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  zone: z.string().meta({ description: 'Short name of the dispatcher’s home zone, e.g. "cdmx"' }),
});

export const loginResponseSchema = z.object({
  code: z.literal(0),
  data: clientProfileSchema,
  token: z.object({
    access_token: z.string().meta({ description: 'JWT; sent in the `token` header' }),
    token_type: z.string().meta({ example: 'expressat' }),
    expires_in: z
      .string()
      .regex(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
      .meta({
        description: 'Expiry, DD/MM/YY HH:mm in the service time zone',
        example: '31/05/22 15:30',
      }),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// ---------------------------------------------------------------- quotation

const decimalDegrees = z
  .union([
    z
      .string()
      .trim()
      .regex(/^-?\d{1,3}(\.\d+)?$/),
    z.number(),
  ])
  .meta({ description: 'Decimal degrees, as text (numbers also accepted)' });

export const wireAddressSchema = z.looseObject({
  street: z.string().trim().min(1).max(MAX_LENGTH.street),
  externalNumber: z
    .union([
      z.number().int().nonnegative(),
      z.string().trim().min(1).max(MAX_LENGTH.exteriorNumber),
    ])
    .meta({ description: 'A number, or a short text such as "36-B" or "S/N"' }),
  internalNumber: z.string().trim().max(MAX_LENGTH.interiorNumber).nullish(),
  neighborhood: z.string().trim().min(1).max(MAX_LENGTH.neighborhood),
  zipCode: z.string().regex(/^\d{5}$/),
  latitude: decimalDegrees,
  longitude: decimalDegrees,
});
export type WireAddress = z.infer<typeof wireAddressSchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

export const wireOrderAddressSchema = z.looseObject({
  isPickup: flag,
  isSource: flag,
  address: wireAddressSchema,
});
export type WireOrderAddress = z.infer<typeof wireOrderAddressSchema>;

export const quotationRequestSchema = z.object({
  data: z.looseObject({
    bOrder: z.looseObject({
      orderAddresses: z.array(wireOrderAddressSchema),
    }),
  }),
});
export type QuotationRequest = z.infer<typeof quotationRequestSchema>;

export const zoneRecordSchema = z.object({
  idZone: z.number().int(),
  name: z.string(),
  description: z.string(),
});

export const packageTypeRecordSchema = z.object({
  idPackageType: z.number().int(),
  name: z.string(),
  description: z.string(),
});

export const quotedOrderAddressSchema = wireOrderAddressSchema.extend({
  address: wireAddressSchema.extend({ latitude: z.number(), longitude: z.number() }),
  distance: z
    .number()
    .meta({ description: 'km by road from the previous point (0 for the pickup)' }),
  eta: z.number().meta({ description: 'minutes from the order to arrival at this point' }),
  price: z.number().meta({ description: 'MXN attributed to the leg ending here' }),
});

export const quotationResponseSchema = z.object({
  code: z.literal(0),
  data: z.object({
    discount: z.number(),
    distance: z.number().meta({ description: 'km by road' }),
    extraCharge: z.number(),
    packageValue: z.number(),
    price: z.number().meta({ description: 'MXN, VAT included' }),
    eta: z.number().meta({ description: 'minutes' }),
    rating: z.number(),
    total: z.number(),
    messengerFee: z.number(),
    expressCost: z.number().meta({ description: 'The operator’s share (`<brand>Cost`)' }),
    isBike: z.boolean(),
    vehicle: z.enum(['bicycle', 'motorbike']),
    zone: zoneRecordSchema,
    packageType: packageTypeRecordSchema,
    orderAddresses: z.array(quotedOrderAddressSchema),
  }),
});
export type QuotationResponse = z.infer<typeof quotationResponseSchema>;
