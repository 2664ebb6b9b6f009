import 'server-only';
import { createHmac } from 'node:crypto';

/**
 * Names of everything this app keeps in Redis, under one prefix so that a Redis shared with other
 * software (or a staging copy of this app on another database number) can be told apart. What
 * would name a person or an address (an e-mail, an IP address, a session id, a search text) is
 * never a key itself: it goes in as an HMAC under SESSION_SECRET, which every instance shares.
 */
export const KEY_PREFIX = 'dq:';

export function sharedKey(secret: string, kind: string, ...parts: string[]): string {
  const digest = createHmac('sha256', secret)
    .update(`${kind}\n${parts.join('\n')}`)
    .digest('base64url')
    .slice(0, 27);
  return `${KEY_PREFIX}${kind}:${digest}`;
}
