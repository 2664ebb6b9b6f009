import 'server-only';
import {
  NOT_APPLICABLE,
  type LoginRequest,
  type QuotationRequest,
  type WireAddress,
} from '@/lib/courier-api/wire';
import type { QuotePoint, QuoteRequest } from '@/lib/quote/schema';

/** Builds the courier's request bodies from the app's types (the wire format stays in here). */

export function loginBody(email: string, password: string): LoginRequest {
  return { data: { systemRequest: { user: email, password } } };
}

export function basicCredentials(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

/**
 * The API shows `externalNumber` as a number, yet real addresses have "36-B" or "S/N": digits
 * travel as a number, anything else as the text typed. A leading zero is kept as text, since a
 * number would lose it.
 */
export function externalNumberOf(typed: string): number | string {
  const text = typed.trim();
  return /^(0|[1-9]\d{0,8})$/.test(text) ? Number(text) : text;
}

/** An empty interior number is sent as the not-applicable marker, as the legacy clients did. */
export function internalNumberOf(typed: string | undefined): string {
  return typed?.trim() || NOT_APPLICABLE;
}

/** Decimal degrees as text, 7 decimals at most (about a centimetre), never in exponent form. */
export function decimalText(degrees: number): string {
  return (degrees === 0 ? 0 : degrees).toFixed(7).replace(/\.?0+$/, '');
}

export function wireAddress(point: QuotePoint): WireAddress {
  return {
    street: point.street,
    externalNumber: externalNumberOf(point.exteriorNumber),
    internalNumber: internalNumberOf(point.interiorNumber),
    neighborhood: point.neighborhood,
    zipCode: point.zipCode,
    latitude: decimalText(point.lat),
    longitude: decimalText(point.lng),
  };
}

/**
 * The pickup goes first and is both the pickup and the source (point A); the drop-offs follow in
 * the dispatcher's order, which is the order the courier rides them.
 */
export function quotationBody({ pickup, dropoffs }: QuoteRequest): QuotationRequest {
  return {
    data: {
      bOrder: {
        orderAddresses: [
          { isPickup: 1, isSource: 1, address: wireAddress(pickup) },
          ...dropoffs.map((dropoff) => ({
            isPickup: 0 as const,
            isSource: 0 as const,
            address: wireAddress(dropoff),
          })),
        ],
      },
    },
  };
}
