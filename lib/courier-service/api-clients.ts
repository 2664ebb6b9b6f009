import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { COURIER_CODE } from '../courier-api/wire';
import { CourierError } from './errors';

export interface ApiClient {
  id: string;
  secret: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The API client named by an `Authorization: Basic` header, or -190. Every known client is compared
 * (as equal-length SHA-256 digests, with timingSafeEqual) so the answer takes the same time whichever
 * part is wrong.
 */
export function authenticateClient(
  authorization: string | null,
  clients: readonly ApiClient[],
): ApiClient {
  const credentials = presentedCredentials(authorization);
  const presented = credentials === undefined ? undefined : digest(credentials);
  let found: ApiClient | undefined;
  for (const client of clients) {
    const expected = digest(`${client.id}:${client.secret}`);
    const equal = timingSafeEqual(presented ?? Buffer.alloc(expected.length), expected);
    if (equal && presented && !found) found = client;
  }
  if (!found) throw new CourierError(COURIER_CODE.unknownClient);
  return found;
}

/** The decoded `id:secret` of an `Authorization: Basic` header, or undefined when there is none. */
function presentedCredentials(authorization: string | null): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,1024})\s*$/i.exec(authorization ?? '');
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
}

/**
 * What an `Authorization: Basic` header presents, for counting guesses before any secret is
 * compared: whether it presents credentials at all, and the configured client it names (undefined
 * for an id no client has).
 */
export function presentedClient(
  authorization: string | null,
  clients: readonly ApiClient[],
): { presented: boolean; clientId: string | undefined } {
  const credentials = presentedCredentials(authorization);
  if (credentials === undefined) return { presented: false, clientId: undefined };
  const id = credentials.slice(0, Math.max(0, credentials.indexOf(':')));
  return { presented: true, clientId: clients.find((client) => client.id === id)?.id };
}
