import { vi } from 'vitest';
import { LOGIN_PATH, QUOTATION_PATH } from '@/lib/courier-api/wire';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { END_USER_PROOF_HEADER, signEndUserAddress } from '@/lib/courier-api/end-user-address';
import { END_USER_ADDRESS_HEADER } from '@/lib/courier-api/wire';
import { fromLoopback } from './app-fixtures';

/** Requests and figures shared by the courier contract tests. */

export const DEMO_CLIENT = { id: 'demo-client', secret: 'demo-secret' };
export const DEMO_USER = { email: 'dispatcher@example.com', password: 'demo-password' };
export const TEST_JWT_SECRET = 'contract-tests-signing-key-0123456789-abcdef';

/**
 * The headers with which the dispatch app names its dispatcher's address to the built-in courier:
 * the address and its proof, signed with the courier's COURIER_JWT_SECRET.
 */
export const namedEndUser = (address: string, jwtSecret = TEST_JWT_SECRET) => ({
  [END_USER_ADDRESS_HEADER]: address,
  [END_USER_PROOF_HEADER]: signEndUserAddress(address, jwtSecret),
});

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export interface Stop {
  street: string;
  externalNumber: number | string;
  internalNumber?: string | null;
  neighborhood: string;
  zipCode: string;
  latitude: string | number;
  longitude: string | number;
}

/** The recorded trip of the legacy courier: Varsovia 36, Juárez → Sonora 180 int. 1, Hipódromo. */
export const VARSOVIA_36: Stop = {
  street: 'Varsovia',
  externalNumber: '36',
  internalNumber: null,
  neighborhood: 'Juárez',
  zipCode: '06600',
  latitude: '19.4245207',
  longitude: '-99.1676911',
};
export const SONORA_180: Stop = {
  street: 'Sonora',
  externalNumber: 180,
  internalNumber: '1',
  neighborhood: 'Hipódromo',
  zipCode: '06100',
  latitude: '19.4133562',
  longitude: '-99.1672142',
};
/** With Sonora 180 and Havre 30, the stops of a 3.72 km trip from Varsovia 36 (quotation.test.ts). */
export const DURANGO_200: Stop = {
  street: 'Durango',
  externalNumber: '200',
  neighborhood: 'Roma Norte',
  zipCode: '06700',
  latitude: '19.4205',
  longitude: '-99.1625',
};
export const HAVRE_30: Stop = {
  street: 'Havre',
  externalNumber: '30',
  neighborhood: 'Juárez',
  zipCode: '06600',
  latitude: '19.4272',
  longitude: '-99.1622',
};
/** About 9 km by road from Varsovia 36: Avenida Universidad at Metro Coyoacán. */
export const METRO_COYOACAN: Stop = {
  street: 'Avenida Universidad',
  externalNumber: 'S/N',
  neighborhood: 'Santa Cruz Atoyac',
  zipCode: '03310',
  latitude: '19.3614',
  longitude: '-99.1708',
};
export const GUADALAJARA_CENTRO: Stop = {
  street: 'Avenida Hidalgo',
  externalNumber: 400,
  neighborhood: 'Centro',
  zipCode: '44100',
  latitude: '20.6767',
  longitude: '-103.3475',
};
export const MONTERREY_CENTRO: Stop = {
  street: 'Padre Mier',
  externalNumber: 500,
  neighborhood: 'Centro',
  zipCode: '64000',
  latitude: '25.6714',
  longitude: '-100.3094',
};
export const MONTERREY_SAN_PEDRO: Stop = {
  street: 'Calzada del Valle',
  externalNumber: 400,
  neighborhood: 'Del Valle',
  zipCode: '66220',
  latitude: '25.6520',
  longitude: '-100.3600',
};
export const PUEBLA_CENTRO: Stop = {
  street: 'Avenida Reforma',
  externalNumber: 100,
  neighborhood: 'Centro',
  zipCode: '72000',
  latitude: '19.0414',
  longitude: '-98.2063',
};

export function order(...stops: Array<{ stop: Stop; isPickup?: 0 | 1; isSource?: 0 | 1 }>) {
  return {
    data: {
      bOrder: {
        orderAddresses: stops.map(({ stop, isPickup = 0, isSource = isPickup }) => ({
          isPickup,
          isSource,
          address: stop,
        })),
      },
    },
  };
}

/** Pickup first, then each drop-off: the shape real clients send. */
export const trip = (pickup: Stop, ...dropoffs: Stop[]) =>
  order({ stop: pickup, isPickup: 1 }, ...dropoffs.map((stop) => ({ stop })));

/**
 * The courier's calls as an API client makes them: `client` in HTTP Basic (the demo one unless
 * said), from the loopback address `from` when given (the courier sees the connection's address).
 */
export function courierCalls(
  baseUrl: string,
  { client = DEMO_CLIENT, from }: { client?: { id: string; secret: string }; from?: string } = {},
) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/courier${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(from ? { dispatcher: fromLoopback(from) } : {}),
    } as RequestInit);
  return {
    post,
    login: (
      user = DEMO_USER.email,
      password = DEMO_USER.password,
      headers: Record<string, string> = {},
    ) =>
      post(
        LOGIN_PATH,
        { data: { systemRequest: { user, password } } },
        { authorization: basic(client.id, client.secret), ...headers },
      ),
    quote: (body: unknown, token: string | undefined, headers: Record<string, string> = {}) =>
      post(QUOTATION_PATH, body, { ...(token === undefined ? {} : { token }), ...headers }),
  };
}

/** True when a response body carries anything that looks like a stack trace or a file path. */
export const leaksInternals = (text: string) =>
  /\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|Error:\s/.test(text);

/** The built-in courier's two ways of answering its failures (COURIER_ERROR_STATUS). */
export const ERROR_MODES = ['legacy', 'http'] as const;
export type ErrorMode = (typeof ERROR_MODES)[number];

/** The HTTP status of a failure whose code has `httpStatus`: always 200 in the legacy mode. */
export const failureStatus = (mode: ErrorMode, httpStatus: number) =>
  mode === 'legacy' ? 200 : httpStatus;

/**
 * Starts the app with the built-in courier in one error mode, as a freshly started process: the
 * configuration is read once per process, so each mode gets fresh modules and per-process state
 * (login throttles included). Close the previous server first.
 */
export function startCourierInMode(
  mode: ErrorMode,
  env: Record<string, string | undefined>,
): Promise<AppServer> {
  vi.resetModules();
  resetProcessSingletons();
  return startAppServer({
    COURIER_SERVICE: 'on',
    COURIER_BASE_URL: undefined,
    ...env,
    COURIER_ERROR_STATUS: mode,
  });
}
