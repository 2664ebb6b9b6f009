import 'server-only';
import { z } from 'zod';
import type { CourierQuote, QuoteLeg } from '@/lib/api/quote';

/**
 * The courier's successful answers, read liberally (numbers or numeric text, unknown fields, the
 * operator's cost under any `<brand>Cost` name, a login with nothing but `access_token`) and
 * reshaped into the app's own types. Nothing past this module knows the wire format.
 */

/** A decimal sent as a number or as text ("35.0"). */
const amount = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const optionalAmount = amount.optional().catch(undefined);
const integer = amount.pipe(z.number().int());
const text = z.union([z.string(), z.number().transform(String)]);
const flag = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(['true', 'false', '0', '1']).transform((value) => value === 'true' || value === '1'),
]);

const profileSchema = z
  .looseObject({
    /** The courier's id of the client account: dispatchers of one client are a team. */
    idClient: integer.optional().catch(undefined),
    email: text.optional().catch(undefined),
    firstName: text.optional().catch(undefined),
    lastName: text.optional().catch(undefined),
    name: text.optional().catch(undefined),
    zone: z
      .union([text, z.looseObject({ name: text })])
      .optional()
      .catch(undefined),
  })
  .nullish()
  .catch(undefined);

const tokenRecord = z.looseObject({
  access_token: z.string().trim().min(1),
  token_type: z.unknown().optional(),
  expires_in: z.unknown().optional(),
});

export const loginAnswerSchema = z
  .looseObject({
    data: profileSchema,
    token: z.union([tokenRecord, z.string().trim().min(1)]).optional(),
    // Some gateways flatten the token record into the answer itself.
    access_token: z.string().trim().min(1).optional(),
    expires_in: z.unknown().optional(),
  })
  .transform((answer, context) => {
    const record = typeof answer.token === 'string' ? { access_token: answer.token } : answer.token;
    const accessToken = record?.access_token ?? answer.access_token;
    if (!accessToken) {
      context.addIssue({ code: 'custom', message: 'no access token', path: ['token'] });
      return z.NEVER;
    }
    const profile = answer.data ?? {};
    const zone = typeof profile.zone === 'object' ? profile.zone.name : profile.zone;
    const fullName =
      profile.name ?? [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
    return {
      accessToken,
      expiresIn: record?.expires_in ?? answer.expires_in,
      profile: {
        email: profile.email,
        name: fullName || undefined,
        zone: zone || undefined,
        clientId: profile.idClient,
      },
    };
  });
export type LoginAnswer = z.output<typeof loginAnswerSchema>;

const zoneSchema = z
  .looseObject({
    idZone: integer.optional(),
    id: integer.optional(),
    name: text,
    description: text.optional().catch(undefined),
  })
  .transform((zone) => ({
    id: zone.idZone ?? zone.id ?? 0,
    name: zone.name,
    ...(zone.description ? { description: zone.description } : {}),
  }));

const packageTypeSchema = z
  .looseObject({
    idPackageType: integer.optional(),
    id: integer.optional(),
    name: text.optional(),
  })
  .transform((type) => ({ id: type.idPackageType ?? type.id ?? 0, name: type.name ?? '' }));

const echoedAddressSchema = z.looseObject({
  isPickup: z.unknown().optional(),
  distance: optionalAmount,
  eta: optionalAmount,
  price: optionalAmount,
});

const KNOWN_COSTS = new Set(['messengerFee']);

/** The operator's share comes as `expressCost`, `ivoyCost`…: the brand changes, the suffix not. */
function operatorCostOf(data: Record<string, unknown>): number {
  for (const [key, value] of Object.entries(data)) {
    if (!/^[a-z][A-Za-z0-9]*Cost$/.test(key) || KNOWN_COSTS.has(key)) continue;
    const parsed = amount.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return 0;
}

function legsOf(addresses: z.output<typeof echoedAddressSchema>[] | undefined): QuoteLeg[] {
  const legs: QuoteLeg[] = [];
  for (const address of addresses ?? []) {
    const isPickup =
      address.isPickup === 1 || address.isPickup === '1' || address.isPickup === true;
    if (isPickup) continue;
    const { distance, eta, price } = address;
    if (distance === undefined || eta === undefined || price === undefined) return [];
    legs.push({
      from: legs.length,
      to: legs.length + 1,
      distanceKm: distance,
      etaMinutes: eta,
      price,
    });
  }
  return legs;
}

export const quotationAnswerSchema = z.looseObject({
  data: z
    .looseObject({
      total: amount,
      price: amount,
      distance: amount,
      eta: amount,
      isBike: flag,
      zone: zoneSchema,
      discount: amount.catch(0),
      extraCharge: amount.catch(0),
      packageValue: amount.catch(0),
      messengerFee: amount.catch(0),
      rating: amount.catch(0),
      packageType: packageTypeSchema.catch({ id: 0, name: '' }),
      orderAddresses: z.array(echoedAddressSchema).optional().catch(undefined),
    })
    .transform((data): CourierQuote => {
      const legs = legsOf(data.orderAddresses);
      return {
        total: data.total,
        price: data.price,
        discount: data.discount,
        extraCharge: data.extraCharge,
        packageValue: data.packageValue,
        messengerFee: data.messengerFee,
        operatorCost: operatorCostOf(data),
        distanceKm: data.distance,
        etaMinutes: data.eta,
        isBike: data.isBike,
        rating: data.rating,
        currency: 'MXN',
        zone: data.zone,
        packageType: data.packageType,
        ...(legs.length > 0 ? { legs } : {}),
      };
    }),
});

/** Where an answer failed to parse, for the log: paths and issue codes, never the values. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
    .join('; ');
}
