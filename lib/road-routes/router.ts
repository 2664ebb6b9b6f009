import 'server-only';
import { env } from '@/lib/env';
import type { Env } from '@/lib/env-schema';
import { processSingleton } from '@/lib/process-singleton';
import { OsrmRouter } from './osrm';
import { TripRouter } from './trip-router';
import type { Router } from './types';
import { ValhallaRouter } from './valhalla';

/** The road router ROUTER names, or null for `none`. */
export function createRouter(config: Env['router']): Router | null {
  switch (config.provider) {
    case 'osrm':
      // lib/env-schema.ts refuses ROUTER=osrm without OSRM_URL.
      return new OsrmRouter({ baseUrl: config.osrmUrl!, timeoutMs: config.timeoutMs });
    case 'valhalla':
      return new ValhallaRouter({ baseUrl: config.valhallaUrl!, timeoutMs: config.timeoutMs });
    case 'none':
      return null;
  }
}

/** The map's routes, one per process: every route handler shares its cache. */
export function tripRouter(): TripRouter {
  return processSingleton('routing:trip-router', () => new TripRouter(createRouter(env.router)));
}
