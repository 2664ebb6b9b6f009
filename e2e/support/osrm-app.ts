import { startOsrmStandIn } from '../../test/support/osrm-stand-in';
import type { RouterStandIn } from '../../test/support/router-stand-in';
import { startAppProcess } from './app-process';

/**
 * A second production server of the same build with ROUTER=osrm, pointed at the OSRM stand-in
 * (routes in OSRM's own format along the stand-in's grid of streets), both on free loopback
 * ports: the map with road routes.
 */
export interface OsrmApp {
  baseURL: string;
  osrm: RouterStandIn;
  close(): Promise<void>;
}

export async function startAppWithOsrm(): Promise<OsrmApp> {
  const osrm = await startOsrmStandIn();
  try {
    const app = await startAppProcess({ ROUTER: 'osrm', OSRM_URL: osrm.url });
    return {
      baseURL: app.baseURL,
      osrm,
      close: async () => {
        await app.close();
        await osrm.close();
      },
    };
  } catch (error) {
    await osrm.close();
    throw error;
  }
}
