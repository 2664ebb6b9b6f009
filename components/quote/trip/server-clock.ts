import type { Quote } from '@/lib/api/quote';

/**
 * The server's clock as the device sees it. A quote holds until its `expiresAt`, an instant on the
 * server's clock; a device's clock may be minutes off, so the screen measures how far with each
 * answer and counts with that offset, never with the device's clock alone. Pure: instants come in
 * as milliseconds since the epoch (device clock) or ISO 8601 (server clock).
 */

/** One answer's timing: sent and received on the device's clock, stamped on the server's. */
export interface ClockReading {
  sentAt: number;
  receivedAt: number;
  /** The server's instant on the answer (the quote's `issuedAt`). */
  serverAt: string;
}

/**
 * How far the server's clock is ahead of the device's, in ms (negative: behind), or null when the
 * reading says nothing. The server stamped its answer somewhere between the request leaving and the
 * answer arriving: the midpoint of that round trip is the best guess, off by at most half of it.
 */
export function clockOffsetMs({ sentAt, receivedAt, serverAt }: ClockReading): number | null {
  const server = Date.parse(serverAt);
  if (![sentAt, receivedAt, server].every(Number.isFinite) || receivedAt < sentAt) return null;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/**
 * The moment on the device's clock at which a quote stops holding: its `expiresAt` (server clock)
 * moved by the offset. An expiry that cannot be read is already past: never held as valid.
 */
export function expiryOnDevice(quote: Pick<Quote, 'expiresAt'>, offsetMs: number): Date {
  const moment = Date.parse(quote.expiresAt) - offsetMs;
  return new Date(Number.isFinite(moment) ? moment : 0);
}

/** Whether a quote no longer holds at `deviceNow` (device clock), counted on the server's clock. */
export function quoteExpired(
  quote: Pick<Quote, 'expiresAt'>,
  deviceNow: number,
  offsetMs: number,
): boolean {
  return deviceNow >= expiryOnDevice(quote, offsetMs).getTime();
}
