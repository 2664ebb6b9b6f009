import 'server-only';
import { env } from '@/lib/env';
import type { Env } from '@/lib/env-schema';
import { processSingleton } from '@/lib/process-singleton';
import { BuiltinGeocoder } from './builtin-geocoder';
import { NominatimGeocoder } from './nominatim';
import { PhotonGeocoder } from './photon';
import type { Geocoder, GeocoderCapabilities } from './types';

export function createGeocoder(config: Env['geocoder']): Geocoder {
  switch (config.provider) {
    case 'nominatim':
      return new NominatimGeocoder({
        baseUrl: config.nominatimUrl,
        // lib/env-schema.ts refuses GEOCODER=nominatim without a contact.
        contact: config.nominatimContact ?? '',
        timeoutMs: config.timeoutMs,
      });
    case 'photon':
      return new PhotonGeocoder({ baseUrl: config.photonUrl, timeoutMs: config.timeoutMs });
    case 'builtin':
      return new BuiltinGeocoder();
  }
}

/**
 * The configured geocoder, one per process: Nominatim's one-request-per-second queue and every
 * provider's cache must be shared by all routes.
 */
export function geocoder(): Geocoder {
  return processSingleton('geocoding:geocoder', () => createGeocoder(env.geocoder));
}

export function geocoderCapabilities(): GeocoderCapabilities {
  return geocoder().capabilities;
}
