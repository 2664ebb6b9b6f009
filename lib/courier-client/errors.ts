import 'server-only';
import { COURIER_CODE } from '@/lib/courier-api/wire';
import { ApiError } from '@/lib/http/api-error';

export type CourierOperation = 'login' | 'quotation';

/**
 * The courier no longer accepts the token it issued (-155, -156, or an HTTP 401 on the quotation):
 * the session renews it once and retries. Never reaches a response as such.
 */
export class CourierTokenRejected extends Error {
  constructor(readonly code: number | undefined) {
    super('The courier rejected the access token');
    this.name = 'CourierTokenRejected';
  }
}

/** What came back from the courier when it was not a success. */
export interface CourierFailure {
  status: number;
  /** The negative `code` of the body, when the body had one. */
  code?: number;
  /** The courier's own (Spanish) text, when the body had one. */
  message?: string;
  /** Which address of the order the failure is about (the built-in courier says, on -113). */
  addressIndex?: number;
  /** The answer's Retry-After header, in seconds (the built-in courier sends one with -165). */
  retryAfterSeconds?: number;
}

const TOKEN_CODES = new Set<number>([COURIER_CODE.tokenInvalid, COURIER_CODE.tokenExpired]);

/** The courier's text as a safe, short message: no control characters, no novel. */
function courierText(message: string | undefined, fallback: string): string {
  const text = message
    ?.replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return text || fallback;
}

const unavailable = () =>
  new ApiError(
    'courier_unavailable',
    'The courier service is not available right now. Try again shortly.',
  );
const timedOut = () =>
  new ApiError('courier_timeout', 'The courier took too long to answer. Try again shortly.');
const garbled = () =>
  new ApiError('courier_error', 'The courier answered with something this app cannot read.');

/** An HTTP failure without a result code: decided by the status alone. */
function byStatus(operation: CourierOperation, status: number): ApiError | CourierTokenRejected {
  if (operation === 'quotation' && status === 401) return new CourierTokenRejected(undefined);
  if (status === 502 || status === 503 || status === 429) return unavailable();
  if (status === 504) return timedOut();
  if (operation === 'login' && (status === 401 || status === 403)) {
    // Wrong user or password always comes with a code; a bare 401/403 is the gateway refusing
    // this app's own API client (COURIER_CLIENT_ID / COURIER_CLIENT_SECRET).
    return new ApiError('courier_error', 'The courier refused this app’s credentials.');
  }
  return garbled();
}

/**
 * The one table from the courier's failures (both conventions: a negative code over HTTP 200, as
 * the legacy service answers, or an HTTP error status with or without a JSON body) to the app's
 * error codes (docs/courier-api.md, "What the dispatch app makes of each answer").
 */
export function courierError(
  operation: CourierOperation,
  failure: CourierFailure,
): ApiError | CourierTokenRejected {
  const { code, status } = failure;
  if (code === undefined || code >= 0) return byStatus(operation, status);
  if (code === COURIER_CODE.unavailable) return unavailable();

  if (operation === 'login') {
    switch (code) {
      case COURIER_CODE.tooManyAttempts:
        return new ApiError(
          'rate_limited',
          'The courier received too many sign-in attempts. Try again in a few minutes.',
          // The courier's own wait when it said one; the legacy service never did.
          { retryAfterSeconds: failure.retryAfterSeconds ?? 60 },
        );
      case COURIER_CODE.unknownClient:
        return new ApiError('courier_error', 'The courier refused this app’s credentials.');
      case COURIER_CODE.malformed:
        // The courier could not read the app's request: the dispatcher's password was not judged.
        return new ApiError(
          'courier_rejected',
          courierText(failure.message, 'The courier refused the sign-in.'),
        );
      default:
        // -192 (not an e-mail), -193 (no such user, the legacy service's answer), -194 (wrong user
        // or password) and any code this app does not know: something about the account that only
        // the dispatcher can fix. One message for all, so it never says whether the e-mail exists.
        return new ApiError('invalid_credentials', 'The e-mail or the password is not correct.');
    }
  }

  if (TOKEN_CODES.has(code)) return new CourierTokenRejected(code);
  switch (code) {
    case COURIER_CODE.pickupOutOfCoverage:
      return new ApiError(
        'pickup_out_of_coverage',
        'The pickup point is outside every active coverage zone of the courier.',
      );
    case COURIER_CODE.dropoffOutOfCoverage: {
      // The app sends the pickup first, so address n of the order is drop-off n − 1.
      const index = failure.addressIndex;
      const message = 'A drop-off point is outside the coverage zone of the pickup.';
      return new ApiError(
        'dropoff_out_of_coverage',
        message,
        index !== undefined && index > 0 ? { fields: { [`dropoffs.${index - 1}`]: message } } : {},
      );
    }
    default:
      return new ApiError(
        'courier_rejected',
        courierText(failure.message, 'The courier rejected the quote request.'),
        { courierCode: code },
      );
  }
}

export const courierTimeout = timedOut;
export const courierUnavailable = unavailable;
export const courierGarbled = garbled;
