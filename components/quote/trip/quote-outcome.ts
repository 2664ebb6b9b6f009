import { RequestError, type ScreenErrorCode } from '@/components/ui/api-client';
import type { ApiErrorCode } from '@/lib/api/errors';
import type { Quote, QuoteAnswer } from '@/lib/api/quote';
import type { QuoteDraftValues } from './draft';
import type { TripReadiness } from './trip-readiness';
import { PICKUP, tripStops } from './trip-stops';

/**
 * What the result card shows after a "Cotizar": the quote, or the problem in the words the
 * dispatcher needs, and which stop it is about. Pure: read from the request's outcome and the
 * draft as it is now.
 */

/** The API's refusals (lib/api/errors.ts) and the screen's own that the result card words. */
const WORDED_PROBLEMS = [
  'pickup_out_of_coverage',
  'dropoff_out_of_coverage',
  'single_dropoff_courier',
  'courier_rejected',
  'courier_unavailable',
  'courier_timeout',
  'courier_error',
  'rate_limited',
  'invalid_request',
  'offline',
] as const satisfies readonly (ApiErrorCode | ScreenErrorCode)[];

export type QuoteProblem = (typeof WORDED_PROBLEMS)[number] | 'unknown';

const isWorded = (code: string): code is (typeof WORDED_PROBLEMS)[number] =>
  (WORDED_PROBLEMS as readonly string[]).includes(code);

/** Problems the dispatcher can do nothing about but try again. */
export const RETRYABLE: ReadonlySet<QuoteProblem> = new Set([
  'courier_unavailable',
  'courier_timeout',
  'courier_error',
  'rate_limited',
  'offline',
  'unknown',
]);

export type ResultState =
  | { kind: 'empty'; trip: TripReadiness }
  | { kind: 'quote'; quote: Quote; stale: boolean; values: QuoteDraftValues }
  /** Asked while offline: sent once the network is back, unless the trip changed meanwhile. */
  | { kind: 'queued'; changed: boolean }
  | {
      kind: 'problem';
      problem: QuoteProblem;
      detail?: string;
      /** The letter of the drop-off out of coverage, when known. */
      stopLetter?: string;
    };

export function problemOf(error: unknown): QuoteProblem {
  if (!(error instanceof RequestError)) return 'unknown';
  if (isWorded(error.code)) return error.code;
  if (error.code === 'timeout') return 'courier_timeout';
  if (error.status >= 502) return 'courier_error';
  return 'unknown';
}

export const isSessionOver = (error: unknown) =>
  error instanceof RequestError && error.status === 401;

/**
 * The stop a coverage refusal is about: the pickup, the drop-off the courier named
 * (`fields: {"dropoffs.2": …}`), or the only drop-off; null when the courier did not say which
 * of several.
 */
export function outsideStopOf(
  problem: QuoteProblem | null,
  error: unknown,
  values: QuoteDraftValues,
): string | null {
  if (problem === 'pickup_out_of_coverage') return PICKUP;
  if (problem !== 'dropoff_out_of_coverage') return null;
  const named = Object.keys((error instanceof RequestError && error.fields) || {})
    .map((path) => /^dropoffs\.(\d+)$/.exec(path)?.[1])
    .find((index) => index !== undefined);
  const index = named !== undefined ? Number(named) : values.dropoffs.length === 1 ? 0 : -1;
  return index < 0 ? null : (tripStops(values)[index + 1]?.key ?? null);
}

/** What the last "Cotizar" came back with, for the draft as it is now. */
export interface RequestOutcome {
  /** The problem to word, when the last request for this very draft failed. */
  failure: QuoteProblem | null;
  error: unknown;
  /** The stop a coverage refusal is about (outsideStopOf). */
  outside: string | null;
  /** Asked while offline and waiting for the network. */
  queued?: { key: string } | null;
  /**
   * The last answer to "Cotizar": its record (reference, customer link) belongs to the quote shown
   * only when the quote is the same; without a record the database was away ("no se guardó").
   */
  answer?: QuoteAnswer;
}

/** The trip on screen: its readiness, the quote shown and the draft's fingerprint. */
export interface TripNow {
  trip: TripReadiness;
  shown: { quote: Quote; key: string; values: QuoteDraftValues } | null;
  currentKey: string;
}

/** What the result card shows for the draft as it is now. */
export function resultStateOf(request: RequestOutcome, now: TripNow): ResultState {
  const { failure, error, outside, queued } = request;
  const { trip, shown, currentKey } = now;
  if (queued) return { kind: 'queued', changed: queued.key !== currentKey };
  if (failure) {
    return {
      kind: 'problem',
      problem: failure,
      detail: error instanceof RequestError ? error.message : undefined,
      stopLetter: trip.find((stop) => stop.stop.key === outside)?.stop.letter,
    };
  }
  return shown
    ? { kind: 'quote', quote: shown.quote, stale: shown.key !== currentKey, values: shown.values }
    : { kind: 'empty', trip };
}
