import { TILE_HOST } from './tile-server';

/**
 * The environment of every production server the browser tests start: the one Playwright starts
 * for the whole suite (playwright.config.ts) and those a spec starts for itself (photon-app.ts).
 */
export const E2E_SERVER_ENV = {
  NEXT_TELEMETRY_DISABLED: '1',
  SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-000',
  LOG_LEVEL: 'warn',
  // Daytime in Mexico City: the recorded trip shows 35.00 MXN at any hour of the test run.
  COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
  // A host only the tests' browsers resolve: each worker's own stand-in tile server (tile-server.ts).
  NEXT_PUBLIC_TILE_URL: `http://${TILE_HOST}/{z}/{x}/{y}.png`,
} as const;
