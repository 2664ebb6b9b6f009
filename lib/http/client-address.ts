import { isIP } from 'node:net';
import { PEER_ADDRESS_HEADER, normalizeAddress, peerAddressStamped } from './peer-address.mjs';

/** Longest address kept: an IPv6 address with a zone fits; anything longer is cut. */
const MAX_ADDRESS_LENGTH = 64;

export interface AddressHeaders {
  /** The X-Forwarded-For header as received. */
  forwardedFor: string | null;
  /** The connection's own address, when the server that accepted it said so (see peer-address.mjs). */
  peer: string | undefined;
}

const tidy = (address: string) => normalizeAddress(address).slice(0, MAX_ADDRESS_LENGTH);

/**
 * The address a request came from, for per-address limits and the logs (README, "Addresses and
 * proxies"). With `trustProxy` 0 — nothing trusted in front — it is the connection's own address
 * and X-Forwarded-For is ignored, whatever the client wrote there. With n trusted hops it is the
 * n-th X-Forwarded-For entry from the right: the last n proxies each appended the address they
 * saw, and everything further left is whatever the client chose to send. A request with fewer
 * entries than that (one that skipped some proxies) gets the leftmost entry, and one with none
 * gets the connection's address.
 */
export function resolveClientAddress(
  { forwardedFor, peer }: AddressHeaders,
  trustProxy: number,
): string {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustProxy > 0 && entries.length > 0) {
    return tidy(entries[Math.max(0, entries.length - trustProxy)]!);
  }
  if (peer) return tidy(peer);
  // Served without a server that stamps the peer (plain `next start`, `next dev`): Next has set
  // X-Forwarded-For to the socket's address when the client sent none. The startup check warns
  // that a client can choose this one (lib/startup.ts).
  return entries.length > 0 ? tidy(entries.at(-1)!) : 'unknown';
}

/** The peer address the serving process stamped on the request, if it stamps them. */
export function peerAddressOf(request: Request): string | undefined {
  if (!peerAddressStamped()) return undefined;
  return request.headers.get(PEER_ADDRESS_HEADER)?.trim() || undefined;
}

/** `resolveClientAddress` for a request, with the configured number of trusted hops. */
export function clientAddressOf(request: Request, trustProxy: number): string {
  return resolveClientAddress(
    { forwardedFor: request.headers.get('x-forwarded-for'), peer: peerAddressOf(request) },
    trustProxy,
  );
}

/** Whether a text is an IP address (v4 or v6), as stated by a client or a proxy. */
export const isIpAddress = (text: string) => isIP(text) !== 0;
