import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env-schema';
import { BuiltinGeocoder } from './builtin-geocoder';
import { GEOCODER_CAPABILITIES } from './capabilities';
import { createGeocoder, geocoder } from './geocoder';
import { NominatimGeocoder } from './nominatim';
import { PhotonGeocoder } from './photon';

const configured = (variables: Record<string, string>) => parseEnv(variables).geocoder;

describe('GEOCODER picks the provider', () => {
  it('the built-in gazetteer by default', () => {
    expect(createGeocoder(configured({}))).toBeInstanceOf(BuiltinGeocoder);
  });

  it('Nominatim, with the operator contact it requires', () => {
    const chosen = createGeocoder(
      configured({ GEOCODER: 'nominatim', NOMINATIM_CONTACT: 'ops@example.com' }),
    );
    expect(chosen).toBeInstanceOf(NominatimGeocoder);
    expect(chosen.capabilities.autocomplete).toBe(false);
  });

  it('Photon', () => {
    const chosen = createGeocoder(configured({ GEOCODER: 'photon' }));
    expect(chosen).toBeInstanceOf(PhotonGeocoder);
    expect(chosen.capabilities.autocomplete).toBe(true);
  });

  it('one geocoder per process, so its queue and cache are shared', () => {
    expect(geocoder()).toBe(geocoder());
  });

  it('every provider tells the screen whether it may search while typing', () => {
    expect(GEOCODER_CAPABILITIES.builtin.autocomplete).toBe(true);
    expect(GEOCODER_CAPABILITIES.nominatim).toMatchObject({
      autocomplete: false,
      attribution: '© OpenStreetMap contributors / Nominatim',
    });
  });
});
