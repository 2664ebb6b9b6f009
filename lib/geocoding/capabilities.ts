import type { GeocoderProvider } from '@/lib/api/geocode';
import type { GeocoderCapabilities } from './types';

/**
 * Per provider, what the screen may do. Pure and safe for the browser: the screen reads
 * `publicConfig.geocoder` and looks its capabilities up here.
 */
export const GEOCODER_CAPABILITIES: Record<GeocoderProvider, GeocoderCapabilities> = {
  builtin: { provider: 'builtin', autocomplete: true },
  // Nominatim's usage policy forbids search-as-you-type: search on submit only.
  nominatim: {
    provider: 'nominatim',
    autocomplete: false,
    attribution: '© OpenStreetMap contributors / Nominatim',
  },
  photon: {
    provider: 'photon',
    autocomplete: true,
    attribution: '© OpenStreetMap contributors / Photon',
  },
};

export function capabilitiesOf(provider: GeocoderProvider): GeocoderCapabilities {
  return GEOCODER_CAPABILITIES[provider];
}
