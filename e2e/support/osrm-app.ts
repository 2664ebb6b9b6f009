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
    // A long timeout: a test makes the router slow on purpose and waits for its route.
    const app = await startAppProcess({
      env: { ROUTER: 'osrm', OSRM_URL: osrm.url, ROUTER_TIMEOUT_MS: '20000' },
    });
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
