import type { GeocoderProvider } from '@/lib/api/geocode';

/**
 * Why an upstream geocoder gave no answer. `timeout`: it did not answer within the configured time;
 * `busy`: the one-request-per-second queue is too long to wait in; `unreachable`: no connection;
 * `http`: an error status; `invalid_response`: a body that is not what the geocoder should send.
 */
export type GeocoderFailure = 'timeout' | 'busy' | 'unreachable' | 'http' | 'invalid_response';

export class GeocoderError extends Error {
  constructor(
    readonly provider: GeocoderProvider,
    readonly failure: GeocoderFailure,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}

export function isGeocoderError(error: unknown): error is GeocoderError {
  return error instanceof GeocoderError;
}
