import 'server-only';
import { tz } from '@date-fns/tz';
import { isValid, parse } from 'date-fns';
import { decodeJwt } from 'jose';
import { processSingleton } from '@/lib/process-singleton';

/** An access token of the courier and when to stop using it. */
export interface CourierToken {
  value: string;
  /**
   * When this server received it (epoch ms, strictly increasing within a process): the order in
   * which a session's tokens were issued. `expires_in` cannot tell it, being stated to the minute.
   */
  issuedAt: number;
  /** When the courier stops accepting it (epoch ms). */
  expiresAt: number;
  /** When to renew it: a little before expiry, so a quote never races the deadline. */
  renewAt: number;
}

/**
 * The issue time of a token received now: the clock, or one millisecond after the previous token
 * when the clock has not moved on (or went back), so that two tokens never share an issue time.
 */
export function nextIssueTime(now = Date.now()): number {
  const issue = processSingleton('courier-token-issue-order', () => ({ at: 0 }));
  issue.at = Math.max(now, issue.at + 1);
  return issue.at;
}

/** Used when neither `expires_in` nor a JWT `exp` says anything: shorter than any token seen. */
export const DEFAULT_TOKEN_LIFETIME_MS = 20 * 60_000;
/** How long before expiry a token is renewed (at most a quarter of its whole life). */
export const RENEW_MARGIN_MS = 60_000;
/** A stated lifetime longer than this is taken for a misreading and ignored. */
const LONGEST_BELIEVABLE_MS = 7 * 24 * 3600_000;

const EXPIRES_IN_FORMATS = [
  'dd/MM/yy HH:mm',
  'dd/MM/yyyy HH:mm',
  'dd/MM/yy HH:mm:ss',
  'dd/MM/yyyy HH:mm:ss',
];

export type LifetimeSource = 'expires_in' | 'jwt' | 'default';

/**
 * Reads `expires_in` as the courier writes it: an absolute local time `DD/MM/YY HH:mm` in the
 * courier's time zone (the legacy service uses Mexico City time). A number, or digits, is taken the
 * OAuth way: seconds from now. Undefined when it cannot be read.
 */
export function parseExpiresIn(
  expiresIn: unknown,
  { timeZone, now }: { timeZone: string; now: number },
): number | undefined {
  return readExpiresIn(expiresIn, { timeZone, now })?.at;
}

/**
 * `expires_in` read (parseExpiresIn), with how much later than `at` the token may really expire:
 * a minute when it was written without seconds (`DD/MM/YY HH:mm` names the minute), else none.
 */
function readExpiresIn(
  expiresIn: unknown,
  { timeZone, now }: { timeZone: string; now: number },
): { at: number; withinMs: number } | undefined {
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn)) {
    return { at: now + expiresIn * 1000, withinMs: 0 };
  }
  if (typeof expiresIn !== 'string') return undefined;
  const text = expiresIn.trim();
  if (/^\d+$/.test(text)) return { at: now + Number(text) * 1000, withinMs: 0 };
  for (const format of EXPIRES_IN_FORMATS) {
    const date = parse(text, format, now, { in: tz(timeZone) });
    if (isValid(date)) return { at: date.getTime(), withinMs: format.endsWith(':ss') ? 0 : 60_000 };
  }
  return undefined;
}

/** The `exp` claim of a JWT-shaped token (not verified: the courier verifies its own tokens). */
export function jwtExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When a freshly issued token expires: `expires_in` when it reads as a believable future moment
 * (sharpened by the JWT's `exp` when that falls inside the minute it names), else the JWT's
 * `exp`, else a conservative default.
 */
export function tokenLifetime(
  { accessToken, expiresIn }: { accessToken: string; expiresIn?: unknown },
  { timeZone, now = Date.now() }: { timeZone: string; now?: number },
): Omit<CourierToken, 'issuedAt'> & { source: LifetimeSource } {
  const believable = (at: number | undefined): at is number =>
    at !== undefined && at > now && at - now <= LONGEST_BELIEVABLE_MS;

  const read = readExpiresIn(expiresIn, { timeZone, now });
  const stated = read?.at;
  const fromJwt = jwtExpiry(accessToken);
  // Written without seconds, `expires_in` names the minute the token expires in, not the moment.
  // A JWT `exp` inside that minute is the same expiry to the second: read alone, a token issued at
  // hh:mm:58 for 8 s looked due 1.35 s later, and a quote then logged in again.
  const jwtWithinStatedMinute =
    read !== undefined &&
    believable(fromJwt) &&
    fromJwt >= read.at &&
    fromJwt < read.at + read.withinMs;
  const [expiresAt, source]: [number, LifetimeSource] = jwtWithinStatedMinute
    ? [fromJwt, 'jwt']
    : believable(stated)
      ? [stated, 'expires_in']
      : believable(fromJwt)
        ? [fromJwt, 'jwt']
        : [now + DEFAULT_TOKEN_LIFETIME_MS, 'default'];
  const margin = Math.min(RENEW_MARGIN_MS, (expiresAt - now) / 4);
  return { value: accessToken, expiresAt, renewAt: expiresAt - margin, source };
}
