// Not server-only: types and two small functions, no schema; the browser's client reads its types.
import type { $ZodType, input, output } from 'zod/v4/core';
import type { ApiErrorCode } from './errors';
import type { Endpoint } from './endpoints';

/**
 * One endpoint of the dispatch app's API, written once (as documenso's contract.ts, without its
 * library): where it is, what it takes, what it answers and how it may fail. Its route handler
 * (app/api/…/route.ts) parses the request with these schemas and types its answer by them; the
 * browser's client (components/ui/api-client.ts) calls it by name and reads the same types; the
 * contract tests check real answers against them. The schemas stay on the server: the browser
 * imports only their types, so the screen carries no zod for them.
 */
export interface Contract extends Endpoint {
  /** What the endpoint is for, in a line. */
  readonly summary: string;
  /** Needs a signed-in dispatcher (lib/session/session-handler.ts): 401 without one. */
  readonly signedIn: boolean;
  /** The URL's query parameters, as text (a repeated parameter is an array). */
  readonly query?: $ZodType;
  /** The JSON body. */
  readonly body?: $ZodType;
  /** Picks the body's schema from the parsed body, when the endpoint still takes an older shape. */
  readonly bodyFor?: (body: unknown) => $ZodType;
  /** The largest body it reads, in bytes (lib/http/read-json.ts's default when absent). */
  readonly maxBodyBytes?: number;
  /** The 2xx answer's JSON; absent when it answers 204 No Content. */
  readonly answer?: $ZodType;
  /**
   * The codes of its own failures (lib/api/errors.ts), in the envelope `{ error: { code } }`;
   * errorsOf adds those every endpoint of its shape may answer with.
   */
  readonly errors: readonly ApiErrorCode[];
}

/** A contract as written, its schemas' own types kept (the identity: it only checks the shape). */
export const defineContract = <const C extends Contract>(contract: C): C => contract;

/** What a call sends: the query and the body its contract declares, as the caller writes them. */
export type RequestOf<C extends Contract> = (C extends { query: infer Q extends $ZodType }
  ? { query: input<Q> }
  : { query?: never }) &
  (C extends { body: infer B extends $ZodType } ? { body: input<B> } : { body?: never });

/** What a call answers (undefined for 204 No Content). */
export type AnswerOf<C extends Contract> = C extends { answer: infer A extends $ZodType }
  ? output<A>
  : undefined;

/**
 * Every code an endpoint's errors may carry: its own (the contract's `errors`), and those its
 * shape implies — a server fault anywhere; another origin refused on a state-changing method
 * (lib/http/api-handler.ts); no session, or one run out, where it needs a signed-in dispatcher; a
 * query or a body that does not fit (lib/http/read-json.ts).
 */
export function errorsOf(contract: Contract): ApiErrorCode[] {
  const implied: ApiErrorCode[] = [
    ...(contract.method === 'GET' ? [] : (['forbidden_origin'] as const)),
    ...(contract.signedIn ? (['unauthenticated', 'session_expired'] as const) : []),
    ...(contract.query ? (['invalid_request'] as const) : []),
    ...(contract.body
      ? (['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const)
      : []),
  ];
  return [...new Set<ApiErrorCode>(['internal_error', ...implied, ...contract.errors])];
}
