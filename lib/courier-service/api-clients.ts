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
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,1024})\s*$/i.exec(authorization ?? '');
  const presented = match ? digest(Buffer.from(match[1]!, 'base64').toString('utf8')) : undefined;
  let found: ApiClient | undefined;
  for (const client of clients) {
    const expected = digest(`${client.id}:${client.secret}`);
    const equal = timingSafeEqual(presented ?? Buffer.alloc(expected.length), expected);
    if (equal && presented && !found) found = client;
  }
  if (!found) throw new CourierError(COURIER_CODE.unknownClient);
  return found;
}
