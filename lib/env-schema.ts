import 'server-only';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_QUOTE_VALIDITY_SECONDS } from './courier-api/limits';
import { processSingleton } from './process-singleton';

/**
 * The schema of every environment variable the app reads. `lib/env.ts` applies it to process.env
 * once; this module stays pure so that tests can try any configuration.
 */

const DURATION = /^(\d+)\s*(ms|s|m|h|d)?$/;
const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };

/** "43200", "720m", "12h" → seconds. */
const durationSeconds = (what: string) =>
  z
    .string()
    .trim()
    .regex(DURATION, `expected ${what} as seconds or a duration such as 90s, 30m, 12h or 1d`)
    .transform((text) => {
      const [, amount, unit] = DURATION.exec(text)!;
      return Math.round(Number(amount) * UNIT_SECONDS[unit ?? 's']!);
    })
    .refine((seconds) => seconds > 0, `expected ${what} greater than zero`);

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], {
    error: 'expected on or off (also true/false, 1/0)',
  })
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const timeZone = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'expected an IANA time zone such as America/Mexico_City');

const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `expected ${what} as an http(s) URL` })
    .transform((url) => url.replace(/\/+$/, ''));

/** `id:secret,id2:secret2` → [{id, secret}] */
const apiClients = z
  .string()
  .trim()
  .regex(
    /^[^:,\s]+:[^,\s]+(,[^:,\s]+:[^,\s]+)*$/,
    'expected comma-separated id:secret pairs such as acme:<a secret of 16 or more characters> (e.g. openssl rand -base64 24)',
  )
  .transform((text) =>
    text.split(',').map((pair) => {
      const at = pair.indexOf(':');
      return { id: pair.slice(0, at), secret: pair.slice(at + 1) };
    }),
  );

const optionalText = z
  .string()
  .trim()
  .transform((text) => text || undefined)
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int()
    .min(1, 'expected a port from 1 to 65535')
    .max(65535, 'expected a port from 1 to 65535')
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  COURIER_BASE_URL: httpUrl('COURIER_BASE_URL').optional(),
  COURIER_CLIENT_ID: optionalText,
  COURIER_CLIENT_SECRET: optionalText,
  COURIER_TIMEZONE: timeZone.default('America/Mexico_City'),
  COURIER_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(100, 'expected at least 100 ms')
    .max(120_000, 'expected at most 120000 ms')
    .default(10_000),
  COURIER_SERVICE: onOff.optional(),
  COURIER_ACCOUNTS_FILE: optionalText,
  COURIER_CLIENTS: apiClients.optional(),
  COURIER_JWT_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (e.g. openssl rand -base64 48)')
    .optional(),
  COURIER_ZONES_FILE: optionalText,
  COURIER_TOKEN_TTL: durationSeconds('COURIER_TOKEN_TTL').default(3600),
  COURIER_PRICING_TIME: z.iso
    .datetime({
      offset: true,
      error: 'expected an ISO date-time such as 2026-11-20T12:00:00-06:00',
    })
    .transform((text) => new Date(text))
    .optional(),
  /** How the built-in courier answers its own failures (docs/courier-api.md, "Two error modes"). */
  COURIER_ERROR_STATUS: z
    .enum(['legacy', 'http'], {
      error: 'expected legacy (HTTP 200, as the legacy service) or http',
    })
    .default('legacy'),

  SESSION_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (e.g. openssl rand -base64 48)')
    .optional(),
  SESSION_MAX_AGE: durationSeconds('SESSION_MAX_AGE').default(12 * 3600),
  /** How long the screen shows a quote as valid (lib/courier-api/limits.ts). */
  QUOTE_VALIDITY: durationSeconds('QUOTE_VALIDITY').default(DEFAULT_QUOTE_VALIDITY_SECONDS),
  APP_ORIGIN: httpUrl('APP_ORIGIN').optional(),
  /** Reverse-proxy hops in front of the app whose X-Forwarded-For entries are believed. */
  TRUST_PROXY: z.coerce
    .number({
      error: 'expected the number of trusted proxy hops (0 when clients connect directly)',
    })
    .int('expected a whole number of proxy hops')
    .min(0, 'expected 0 or more proxy hops')
    .max(10, 'expected at most 10 proxy hops')
    .default(0),
  /** Where the app keeps what must survive a restart (sign-outs); created when missing. */
  DATA_DIR: optionalText,
  /** Where `next build` wrote the build (next.config.js reads the same variable). */
  NEXT_DIST_DIR: optionalText,
  /** Shared state for several instances (Redis or Valkey); unset: this process's memory. */
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      error: 'expected a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0',
    })
    .optional(),
  /** The longest one call to Redis may take before the app carries on without it. */
  REDIS_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(5, 'expected at least 5 ms')
    .max(2_000, 'expected at most 2000 ms (a slow Redis must not hold up quotes)')
    .default(50),

  /** Quote records on a PostgreSQL server (several instances share it); unset: PGlite under DATA_DIR. */
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error:
        'expected a postgres:// or postgresql:// URL such as postgresql://dispatch:secret@127.0.0.1:5432/dispatch',
    })
    .optional(),
  /**
   * off: quotes are answered without being stored (no reference, no link): only to measure what
   * storing costs (bench, docs/records.md); never for dispatchers.
   */
  QUOTE_RECORDS: onOff.default(true),
  /** How long quote records are kept before the purge deletes them (docs/records.md). */
  QUOTE_RETENTION: durationSeconds('QUOTE_RETENTION').default(90 * 86400),
  /** How long a customer's link still opens after its quote expired (docs/records.md). */
  CUSTOMER_LINK_TTL: durationSeconds('CUSTOMER_LINK_TTL').default(7 * 86400),

  GEOCODER: z
    .enum(['builtin', 'nominatim', 'photon'], { error: 'expected builtin, nominatim or photon' })
    .default('builtin'),
  NOMINATIM_URL: httpUrl('NOMINATIM_URL').default('https://nominatim.openstreetmap.org'),
  NOMINATIM_CONTACT: optionalText,
  PHOTON_URL: httpUrl('PHOTON_URL').default('https://photon.komoot.io'),
  GEOCODER_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(5_000),

  /** Road routes on the map (lib/road-routes): none draws straight segments between the stops. */
  ROUTER: z
    .enum(['none', 'osrm', 'valhalla'], { error: 'expected none, osrm or valhalla' })
    .default('none'),
  OSRM_URL: httpUrl('OSRM_URL').optional(),
  VALHALLA_URL: httpUrl('VALHALLA_URL').optional(),
  ROUTER_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(100, 'expected at least 100 ms')
    .max(60_000, 'expected at most 60000 ms')
    .default(4_000),
  /** An OSRM server the built-in courier prices road distance with (docs/courier-api.md). */
  COURIER_ROUTER_URL: httpUrl('COURIER_ROUTER_URL').optional(),
  COURIER_ROUTER_TIMEOUT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(100, 'expected at least 100 ms')
    .max(30_000, 'expected at most 30000 ms')
    .default(2_000),

  NEXT_PUBLIC_TILE_URL: z
    .string()
    .trim()
    .regex(
      /^(https?:\/\/|\/)\S*\{z\}\S*\{x\}\S*\{y\}/,
      'expected a tile URL template with {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  NEXT_PUBLIC_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .min(1)
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
});

export type Env = ReturnType<typeof parseEnv>;

/**
 * COURIER_CLIENTS' secrets must be hard to guess: 16 characters at least, and never the README's
 * demo secret once real accounts are served. The demo pair itself is allowed with the demo accounts.
 */
function clientSecretProblems(
  clients: ReadonlyArray<{ id: string; secret: string }>,
  accountsFile: string | undefined,
): string[] {
  return clients.flatMap(({ id, secret }) => {
    if (secret === DEMO_CLIENT.secret) {
      return accountsFile
        ? [
            `COURIER_CLIENTS: the client ${id} uses the public demo secret from the README, refused with COURIER_ACCOUNTS_FILE (real accounts); give it a secret of ${MIN_CLIENT_SECRET_LENGTH} or more characters`,
          ]
        : id === DEMO_CLIENT.id
          ? []
          : [
              `COURIER_CLIENTS: the client ${id} uses the public demo secret from the README; give it a secret of ${MIN_CLIENT_SECRET_LENGTH} or more characters`,
            ];
    }
    return secret.length < MIN_CLIENT_SECRET_LENGTH
      ? [
          `COURIER_CLIENTS: the secret of the client ${id} has ${secret.length} characters; expected ${MIN_CLIENT_SECRET_LENGTH} or more (e.g. openssl rand -base64 24)`,
        ]
      : [];
  });
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** A random secret that stays the same for the life of the process. */
const generatedSecret = (name: string) =>
  processSingleton(`generated-secret:${name}`, () => randomBytes(48).toString('base64'));

/** The public demo API client (printed in the README): served only with the demo accounts. */
export const DEMO_CLIENT = { id: 'demo-client', secret: 'demo-secret' } as const;
/** The shortest API client secret the built-in courier accepts in COURIER_CLIENTS. */
export const MIN_CLIENT_SECRET_LENGTH = 16;
/**
 * The app's own API client at its built-in courier when real accounts are served and
 * COURIER_CLIENTS names none: its secret is generated per process, so nobody else knows it.
 */
const OWN_CLIENT_ID = 'dispatch-quote';

/** Pure: validates a set of variables and derives the defaults that depend on each other. */
export function parseEnv(source: Record<string, string | undefined>) {
  // An empty variable (FOO=) means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const raw = result.data;
  const problems: string[] = [];

  const courierServiceEnabled = raw.COURIER_SERVICE ?? raw.COURIER_BASE_URL === undefined;
  const usesBuiltinCourier = raw.COURIER_BASE_URL === undefined;
  if (usesBuiltinCourier && !courierServiceEnabled) {
    problems.push('COURIER_SERVICE: is off, so COURIER_BASE_URL must name the courier to use');
  }
  if (!usesBuiltinCourier && (!raw.COURIER_CLIENT_ID || !raw.COURIER_CLIENT_SECRET)) {
    problems.push(
      'COURIER_CLIENT_ID / COURIER_CLIENT_SECRET: required when COURIER_BASE_URL names another courier',
    );
  }
  problems.push(...clientSecretProblems(raw.COURIER_CLIENTS ?? [], raw.COURIER_ACCOUNTS_FILE));
  if (raw.GEOCODER === 'nominatim' && !raw.NOMINATIM_CONTACT) {
    problems.push(
      'NOMINATIM_CONTACT: required with GEOCODER=nominatim (an e-mail or URL, sent in the User-Agent as its usage policy asks)',
    );
  }
  if (raw.REDIS_URL) {
    // Every instance must seal and open the same cookies, and (with the built-in courier) accept
    // the same courier tokens: a secret generated per process would differ on each one.
    if (!raw.SESSION_SECRET) {
      problems.push(
        'SESSION_SECRET: required with REDIS_URL (several instances must share it; a generated one differs per process)',
      );
    }
    if (!raw.DATABASE_URL) {
      problems.push(
        'DATABASE_URL: required with REDIS_URL (several instances must keep their quote records in one PostgreSQL server; the embedded database under DATA_DIR belongs to one process)',
      );
    }
    if (courierServiceEnabled && !raw.COURIER_JWT_SECRET) {
      problems.push(
        'COURIER_JWT_SECRET: required with REDIS_URL while the built-in courier is served (every instance must accept the tokens of the others; a generated one differs per process)',
      );
    }
  }
  if (raw.ROUTER === 'osrm' && !raw.OSRM_URL) {
    problems.push(
      'OSRM_URL: required with ROUTER=osrm (the OSRM server, e.g. http://127.0.0.1:5000)',
    );
  }
  if (raw.ROUTER === 'valhalla' && !raw.VALHALLA_URL) {
    problems.push(
      'VALHALLA_URL: required with ROUTER=valhalla (the Valhalla server, e.g. http://127.0.0.1:8002)',
    );
  }
  if (problems.length > 0) throw new EnvError(problems);

  const warnings: string[] = [];
  if (raw.COURIER_PRICING_TIME) {
    warnings.push(
      `COURIER_PRICING_TIME is set: the built-in courier prices every quote as at ${raw.COURIER_PRICING_TIME.toISOString()}`,
    );
  }
  if (!raw.QUOTE_RECORDS) {
    warnings.push(
      'QUOTE_RECORDS is off: quotes are answered without being stored (no reference, no customer link, nothing in the history): for measuring only',
    );
  }
  if (!raw.SESSION_SECRET) {
    warnings.push(
      'SESSION_SECRET is not set: a random one was generated, so sessions end when the server restarts',
    );
  }

  // With real accounts the public demo client stays closed: the app gets a client of its own.
  const courierClients = raw.COURIER_CLIENTS ?? [
    raw.COURIER_ACCOUNTS_FILE
      ? { id: OWN_CLIENT_ID, secret: generatedSecret('courier-client') }
      : DEMO_CLIENT,
  ];
  if (courierServiceEnabled && !raw.COURIER_ACCOUNTS_FILE) {
    const demoOpen = courierClients.some(
      (client) => client.id === DEMO_CLIENT.id && client.secret === DEMO_CLIENT.secret,
    );
    warnings.push(
      `COURIER_ACCOUNTS_FILE is not set: the built-in courier serves its demo accounts${usesBuiltinCourier ? ' (the sign-in page shows one)' : ''}${demoOpen ? ` and lets anyone in as the public API client ${DEMO_CLIENT.id}:${DEMO_CLIENT.secret}` : ''}: for a demo only`,
    );
  }
  const courierJwtSecret = raw.COURIER_JWT_SECRET ?? generatedSecret('courier-jwt');
  const dataDir = raw.DATA_DIR ?? '.data';
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === 'production',
    port: raw.PORT,
    logLevel: raw.LOG_LEVEL,
    appOrigin: raw.APP_ORIGIN,
    /** X-Forwarded-For entries appended by proxies this app trusts (0: the connection's address). */
    trustProxy: raw.TRUST_PROXY,
    /** A directory of this process's own (sign-outs, the embedded database), from the cwd. */
    dataDir,
    /** Where quote records live: PGlite under DATA_DIR, or a PostgreSQL server (lib/db). */
    database: raw.DATABASE_URL
      ? ({ kind: 'server', url: raw.DATABASE_URL } as const)
      : ({ kind: 'embedded', dir: join(dataDir, 'pglite') } as const),
    /** Whether quotes are stored as records (QUOTE_RECORDS=off only to measure what that costs). */
    quoteRecords: raw.QUOTE_RECORDS,
    /** Records older than this are purged (seconds). */
    quoteRetentionSeconds: raw.QUOTE_RETENTION,
    /** A customer's link is gone this long after its quote expired (seconds). */
    customerLinkTtlSeconds: raw.CUSTOMER_LINK_TTL,
    /** The production build's directory, from the cwd (the map's chunks are looked up there). */
    distDir: raw.NEXT_DIST_DIR ?? '.next',
    /** Where state shared by several instances lives: this process's memory, or Redis. */
    sharedState: raw.REDIS_URL
      ? ({ kind: 'redis', url: raw.REDIS_URL, timeoutMs: raw.REDIS_TIMEOUT_MS } as const)
      : ({ kind: 'memory' } as const),
    courier: {
      baseUrl: raw.COURIER_BASE_URL ?? `http://127.0.0.1:${raw.PORT}/courier`,
      isBuiltin: usesBuiltinCourier,
      clientId: raw.COURIER_CLIENT_ID ?? courierClients[0]!.id,
      clientSecret: raw.COURIER_CLIENT_SECRET ?? courierClients[0]!.secret,
      /**
       * Signs the dispatcher's address the app names to the courier (lib/courier-api/end-user-address.ts):
       * the built-in courier of this process, or one sharing COURIER_JWT_SECRET, checks the proof;
       * another courier ignores it.
       */
      endUserProofSecret:
        courierServiceEnabled || raw.COURIER_JWT_SECRET ? courierJwtSecret : undefined,
      timeZone: raw.COURIER_TIMEZONE,
      timeoutMs: raw.COURIER_TIMEOUT_MS,
    },
    courierService: {
      enabled: courierServiceEnabled,
      usesDemoData: !raw.COURIER_ACCOUNTS_FILE,
      accountsFile: raw.COURIER_ACCOUNTS_FILE,
      clients: courierClients,
      jwtSecret: courierJwtSecret,
      zonesFile: raw.COURIER_ZONES_FILE,
      timeZone: raw.COURIER_TIMEZONE,
      tokenTtlSeconds: raw.COURIER_TOKEN_TTL,
      /** Prices every quote as if at this moment (tests and demos: the night surcharge depends on it). */
      pricingTime: raw.COURIER_PRICING_TIME,
      /** `legacy`: failures over HTTP 200 with their code; `http`: with the code's HTTP status. */
      errorStatus: raw.COURIER_ERROR_STATUS,
      /** Road distance from this OSRM server instead of great circle × the zone's road factor. */
      routerUrl: raw.COURIER_ROUTER_URL,
      routerTimeoutMs: raw.COURIER_ROUTER_TIMEOUT_MS,
    },
    session: {
      secret: raw.SESSION_SECRET ?? generatedSecret('session'),
      maxAgeSeconds: raw.SESSION_MAX_AGE,
    },
    geocoder: {
      provider: raw.GEOCODER,
      nominatimUrl: raw.NOMINATIM_URL,
      nominatimContact: raw.NOMINATIM_CONTACT,
      photonUrl: raw.PHOTON_URL,
      timeoutMs: raw.GEOCODER_TIMEOUT_MS,
    },
    router: {
      provider: raw.ROUTER,
      osrmUrl: raw.OSRM_URL,
      valhallaUrl: raw.VALHALLA_URL,
      timeoutMs: raw.ROUTER_TIMEOUT_MS,
    },
    /** Safe to hand to the browser: nothing secret in here. */
    publicConfig: {
      tileUrl: raw.NEXT_PUBLIC_TILE_URL,
      tileAttribution: raw.NEXT_PUBLIC_TILE_ATTRIBUTION,
      builtinCourier: usesBuiltinCourier,
      demoAccount: usesBuiltinCourier && !raw.COURIER_ACCOUNTS_FILE,
      quoteValiditySeconds: raw.QUOTE_VALIDITY,
      geocoder: raw.GEOCODER,
      /** Which router draws the roads: the screen asks for routes only when it is not `none`. */
      router: raw.ROUTER,
    },
    warnings,
  };
}
