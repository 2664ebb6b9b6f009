import { Agent } from 'undici';
import { expect } from 'vitest';
import type { QuotePoint } from '@/lib/quote/schema';
import recordedTrip from '../fixtures/recorded-trip.json';
import { startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';

/** Helpers of the dispatch app's contract tests: a browser-like client with a cookie jar. */

export const DISPATCHER = { email: 'dispatcher@example.com', password: 'demo-password' };
export const TEST_SESSION_SECRET = 'contract-tests-session-secret-0123456789-abcdef';

/**
 * The recorded legacy trip: Varsovia 36, Juárez → Sonora 180 int. 1, Hipódromo, in the request's
 * first published shape `{pickup, dropoff}` (still accepted; `{pickup, dropoffs}` is the other).
 */
export const RECORDED_TRIP: { pickup: QuotePoint; dropoff: QuotePoint } = recordedTrip;

/**
 * The app with the built-in courier, as a deployment names it (COURIER_BASE_URL at this same
 * server, the demo client and accounts), pricing at a fixed weekday noon.
 */
export const builtinCourierEnv = (jwtSecret: string): Record<string, string | undefined> => ({
  COURIER_SERVICE: 'on',
  COURIER_BASE_URL: '{origin}/courier',
  COURIER_CLIENT_ID: 'demo-client',
  COURIER_CLIENT_SECRET: 'demo-secret',
  COURIER_JWT_SECRET: jwtSecret,
  COURIER_ACCOUNTS_FILE: undefined,
  COURIER_CLIENTS: undefined,
  COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
  SESSION_SECRET: TEST_SESSION_SECRET,
});

/** The secret of the client the legacy stand-in knows (test/support/legacy-courier.ts). */
export const LEGACY_CLIENT_SECRET = 'legacy-client-secret-8c1f';

/**
 * The app against a legacy courier at `courierUrl` (the stand-in's client and secret, and its
 * clock's time zone), the built-in courier switched off.
 */
export const legacyCourierEnv = (courierUrl: string): Record<string, string | undefined> => ({
  COURIER_BASE_URL: courierUrl,
  COURIER_SERVICE: 'off',
  COURIER_CLIENT_ID: 'legacy-client',
  COURIER_CLIENT_SECRET: LEGACY_CLIENT_SECRET,
  COURIER_TIMEZONE: 'America/Mexico_City',
  SESSION_SECRET: TEST_SESSION_SECRET,
});

/** A legacy courier stand-in, and the app in front of it with `env` besides legacyCourierEnv. */
export async function startAppBehindLegacyCourier(
  env: Record<string, string | undefined> = {},
): Promise<{ legacy: LegacyCourier; app: AppServer }> {
  const legacy = await startLegacyCourier();
  const app = await startAppServer({ ...legacyCourierEnv(legacy.url), ...env });
  return { legacy, app };
}

/** Closes the app, then the courier behind it. */
export async function closeAppAndCourier({
  app,
  legacy,
}: {
  app: AppServer;
  legacy: LegacyCourier;
}) {
  await app.close();
  await legacy.close();
}

/**
 * From now on the app's log lines go into `lines`. Call it after the server has started: the log
 * module is imported then, with the server's environment.
 */
export async function collectLogLines(lines: string[]): Promise<void> {
  const { redirectLogs } = await import('@/lib/log');
  redirectLogs({ write: (line) => lines.push(line) });
}

/** Nine drop-offs after the recorded trip's: real places of central Mexico City, all in the cdmx zone. */
export const MORE_DROPOFFS = [
  {
    street: 'Durango',
    exteriorNumber: '200',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4205,
    lng: -99.1625,
  },
  {
    street: 'Havre',
    exteriorNumber: '30',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4272,
    lng: -99.1622,
  },
  {
    street: 'Génova',
    exteriorNumber: '33',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4255,
    lng: -99.1647,
  },
  {
    street: 'Orizaba',
    exteriorNumber: '101',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4163,
    lng: -99.1587,
  },
  {
    street: 'Salamanca',
    exteriorNumber: '85',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4178,
    lng: -99.1686,
  },
  {
    street: 'Colima',
    exteriorNumber: '220',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4187,
    lng: -99.1645,
  },
  {
    street: 'Londres',
    exteriorNumber: '162',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4248,
    lng: -99.1634,
  },
  {
    street: 'Río Lerma',
    exteriorNumber: '156',
    neighborhood: 'Cuauhtémoc',
    zipCode: '06500',
    lat: 19.4297,
    lng: -99.1663,
  },
  {
    street: 'Lucerna',
    exteriorNumber: '56',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4298,
    lng: -99.1561,
  },
];

export const GUADALAJARA_CENTRO = {
  street: 'Avenida Hidalgo',
  exteriorNumber: '400',
  neighborhood: 'Centro',
  zipCode: '44100',
  lat: 20.6767,
  lng: -103.3475,
};

export interface AppAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

interface RequestOptions {
  body?: unknown;
  /** Sent as is (not JSON-encoded) when a string. */
  rawBody?: string;
  headers?: Record<string, string>;
}

const agents = new Map<string, Agent>();

/**
 * Connections from one loopback address (any of 127.0.0.0/8 works on Linux): the app, which sees
 * the connection's address, tells browsers with different ones apart as it would tell apart
 * devices on a network.
 */
export function fromLoopback(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address });
    agents.set(address, agent);
  }
  return agent;
}

let loopbackAddresses = 0;
/** A loopback address no other browser of this test file has used (127.0.3.1, 127.0.3.2, …). */
export const newLoopbackAddress = () =>
  `127.0.${3 + (++loopbackAddresses >> 8)}.${(loopbackAddresses % 250) + 1}`;

const SESSION_COOKIE_NAMES = new Set(['dq_session', '__Host-dq_session']);

/** A dispatcher's browser: same-origin requests, one cookie jar. */
export class Browser {
  /** The session cookie, as `name=value`. */
  cookie: string | undefined;
  /** Every other cookie the app set (the sign-out note, say), by name. */
  readonly otherCookies = new Map<string, string>();
  readonly answers: AppAnswer[] = [];

  constructor(
    private readonly origin: string,
    private readonly extraHeaders: Record<string, string> = {},
    /** The loopback address its connections come from (127.0.0.1 when not given). */
    readonly from?: string,
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<AppAnswer> {
    const headers: Record<string, string> = { origin: this.origin, ...this.extraHeaders };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const cookies = [
      this.cookie,
      ...[...this.otherCookies].map(([name, value]) => `${name}=${value}`),
    ];
    if (cookies.some(Boolean)) headers.cookie = cookies.filter(Boolean).join('; ');
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers,
      body:
        options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      ...(this.from ? { dispatcher: fromLoopback(this.from) } : {}),
    } as RequestInit);
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const answer = { status: response.status, headers: response.headers, text, json };
    this.answers.push(answer);
    return answer;
  }

  private keepCookies(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const removed = /max-age=0(;|$)/i.test(header) || !value;
      if (SESSION_COOKIE_NAMES.has(name)) this.cookie = removed ? undefined : `${name}=${value}`;
      else if (removed) this.otherCookies.delete(name);
      else this.otherCookies.set(name, value);
    }
  }

  signIn(credentials: { email: string; password: string } = DISPATCHER) {
    return this.request('POST', '/api/session', { body: credentials });
  }

  quote(trip: unknown = RECORDED_TRIP, headers?: Record<string, string>) {
    return this.request('POST', '/api/quote', { body: trip, headers });
  }
}

/** The envelope every error of the app answers with. */
export const errorEnvelope = (code: string) => ({
  error: { code, message: expect.any(String) },
});
