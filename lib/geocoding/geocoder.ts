import 'server-only';
import { env } from '@/lib/env';
import type { Env } from '@/lib/env-schema';
import { processSingleton } from '@/lib/process-singleton';
import { sharedLookupAnswers } from '@/lib/cache/redis-lookup-answers';
import { BuiltinGeocoder } from './builtin-geocoder';
import { NOMINATIM_INTERVAL_MS, NominatimGeocoder } from './nominatim';
import { PhotonGeocoder } from './photon';
import { sharedRateGate } from './redis-rate-gate';
import type { Geocoder, GeocoderCapabilities } from './types';

export function createGeocoder(config: Env['geocoder']): Geocoder {
  switch (config.provider) {
    case 'nominatim':
      return new NominatimGeocoder({
        baseUrl: config.nominatimUrl,
        // lib/env-schema.ts refuses GEOCODER=nominatim without a contact.
        contact: config.nominatimContact ?? '',
        timeoutMs: config.timeoutMs,
        // One request a second for the whole application, however many instances serve it.
        gate: sharedRateGate('nominatim', NOMINATIM_INTERVAL_MS, config.timeoutMs),
        sharedAnswers: (kind) => sharedLookupAnswers(`nominatim:${kind}`),
      });
    case 'photon':
      return new PhotonGeocoder({
        baseUrl: config.photonUrl,
        timeoutMs: config.timeoutMs,
        sharedAnswers: (kind) => sharedLookupAnswers(`photon:${kind}`),
      });
    case 'builtin':
      return new BuiltinGeocoder();
  }
}

/**
 * The configured geocoder, one per process: Nominatim's one-request-per-second queue and every
 * provider's cache must be shared by all routes (and, with REDIS_URL, by every instance).
 */
export function geocoder(): Geocoder {
  return processSingleton('geocoding:geocoder', () => createGeocoder(env.geocoder));
}

export function geocoderCapabilities(): GeocoderCapabilities {
  return geocoder().capabilities;
}
