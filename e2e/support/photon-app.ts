import type { GeocoderStandIn } from '../../test/support/nominatim-stand-in';
import { startPhotonStandIn } from '../../test/support/photon-stand-in';
import { startAppProcess } from './app-process';

/**
 * A second production server of the same build, with GEOCODER=photon pointed at the Photon
 * stand-in (street-level answers in Photon's own GeoJSON), both on free loopback ports: the
 * dispatcher's journey with a geocoder that knows streets.
 */
export interface PhotonApp {
  baseURL: string;
  photon: GeocoderStandIn;
  close(): Promise<void>;
}

export async function startAppWithPhoton(): Promise<PhotonApp> {
  const photon = await startPhotonStandIn();
  let app;
  try {
    app = await startAppProcess({ env: { GEOCODER: 'photon', PHOTON_URL: photon.url } });
  } catch (error) {
    await photon.close();
    throw error;
  }
  return {
    baseURL: app.baseURL,
    photon,
    close: async () => {
      await app.close();
      await photon.close();
    },
  };
}
