import 'server-only';

/**
 * Whether a database error means the database is away (down, unreachable, restarting, slow), as
 * opposed to an error of the statement itself (a constraint, a bug). Only an outage makes quotes
 * skip the database for a while (lib/quote-records/record-quote.ts): any other error would fail
 * again for that quote alone, and skipping would cost every other dispatcher their references.
 */

/** The embedded database's thread is gone (lib/db/connect.ts): nothing it is asked will answer. */
export class DatabaseUnreachable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnreachable';
  }
}

/** Node's socket errors: refused, reset, timed out, no route, no such host. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot take us now: shut down by an operator or a crash, starting up,
 * too many connections, too slow (57014: a statement it ended at `statement_timeout`,
 * lib/db/connect.ts). Class 08 (connection exception) is one too, except 08P01, a protocol
 * violation: the message's fault (PGlite says so of a NUL in a query), not the link's.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const isConnectionState = (code: string) => code.startsWith('08') && code !== '08P01';

/** node-postgres's own errors for a connection lost or never made (they carry no code). */
const POOL_MESSAGES =
  /^(?:timeout exceeded when trying to connect|Connection terminated|Query read timeout|timeout expired|Client has encountered a connection error)/;

function isOutageItself(error: object): boolean {
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'DatabaseTimeout' || name === 'DatabaseUnreachable') return true;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || isConnectionState(code)) {
      return true;
    }
  }
  return typeof message === 'string' && POOL_MESSAGES.test(message);
}

/** The error and what it wraps (Drizzle wraps the driver's as `cause`; a socket's AggregateError). */
function* chainOf(error: unknown, depth = 0): Generator<object> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  yield error;
  if (error instanceof AggregateError) {
    for (const each of error.errors) yield* chainOf(each, depth + 1);
  }
  yield* chainOf((error as { cause?: unknown }).cause, depth + 1);
}

export function isDatabaseOutage(error: unknown): boolean {
  for (const link of chainOf(error)) if (isOutageItself(link)) return true;
  return false;
}

/**
 * What a log may say of a database error: its SQLSTATE or socket code and the driver's message,
 * never Drizzle's own message, which lists the statement's parameters (e-mails, stops, tokens).
 */
export function databaseErrorSummary(error: unknown): { code: string; message?: string } {
  const links = [...chainOf(error)] as { name?: unknown; code?: unknown; message?: unknown }[];
  const said = links.filter(
    (link) => typeof link.message === 'string' && !link.message.startsWith('Failed query:'),
  );
  const coded = links.find((link) => typeof link.code === 'string');
  const code = String(coded?.code ?? links.at(-1)?.name ?? 'unknown');
  const message = (said.find((link) => link === coded) ?? said.at(-1))?.message;
  return typeof message === 'string' ? { code, message } : { code };
}
