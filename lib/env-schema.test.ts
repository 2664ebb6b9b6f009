import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env-schema';

describe('configuration', () => {
  it('with nothing set, the app uses the built-in courier and the demo API client on port 3000', () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.courier).toMatchObject({
      baseUrl: 'http://127.0.0.1:3000/courier',
      isBuiltin: true,
      clientId: 'demo-client',
      timeZone: 'America/Mexico_City',
      timeoutMs: 10_000,
    });
    expect(env.courierService.enabled).toBe(true);
    expect(env.session.maxAgeSeconds).toBe(12 * 3600);
    expect(env.warnings.join(' ')).toMatch(/SESSION_SECRET/);
  });

  it('a generated secret stays the same for the life of the process', () => {
    expect(parseEnv({}).session.secret).toBe(parseEnv({}).session.secret);
    expect(parseEnv({}).courierService.jwtSecret).toBe(parseEnv({}).courierService.jwtSecret);
  });

  it('PORT moves the default courier URL with it', () => {
    expect(parseEnv({ PORT: '4123' }).courier.baseUrl).toBe('http://127.0.0.1:4123/courier');
  });

  it('pointing at another courier turns the built-in one off and requires its credentials', () => {
    expect(() => parseEnv({ COURIER_BASE_URL: 'https://courier.example.com' })).toThrow(
      /COURIER_CLIENT_ID/,
    );
    const env = parseEnv({
      COURIER_BASE_URL: 'https://courier.example.com/',
      COURIER_CLIENT_ID: 'acme',
      COURIER_CLIENT_SECRET: 'secret',
    });
    expect(env.courier).toMatchObject({ baseUrl: 'https://courier.example.com', isBuiltin: false });
    expect(env.courierService.enabled).toBe(false);
    expect(env.publicConfig.demoAccount).toBe(false);
  });

  it.each([
    ['PORT', 'eighty', /PORT: expected a port/],
    ['COURIER_TIMEOUT_MS', '-5', /COURIER_TIMEOUT_MS/],
    ['COURIER_TIMEZONE', 'Mars/Olympus', /COURIER_TIMEZONE: expected an IANA time zone/],
    [
      'COURIER_BASE_URL',
      'ftp://x',
      /COURIER_BASE_URL: expected COURIER_BASE_URL as an http\(s\) URL/,
    ],
    ['SESSION_SECRET', 'short', /SESSION_SECRET: expected at least 32 characters/],
    [
      'SESSION_MAX_AGE',
      'a while',
      /SESSION_MAX_AGE: expected SESSION_MAX_AGE as seconds or a duration/,
    ],
    ['COURIER_SERVICE', 'maybe', /COURIER_SERVICE: expected on or off/],
    ['COURIER_CLIENTS', 'nocolon', /COURIER_CLIENTS: expected comma-separated id:secret pairs/],
    ['GEOCODER', 'google', /GEOCODER: expected builtin, nominatim or photon/],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY: expected the number of trusted proxy hops/],
    ['TRUST_PROXY', '-1', /TRUST_PROXY: expected 0 or more proxy hops/],
    [
      'NEXT_PUBLIC_TILE_URL',
      'https://tiles.example.com/',
      /NEXT_PUBLIC_TILE_URL: expected a tile URL template/,
    ],
  ])('a wrong %s stops start-up with a message naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  it('with no proxy trusted, the connection’s address counts; sign-outs are kept in .data', () => {
    expect(parseEnv({}).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseEnv({}).dataDir).toBe('.data');
    expect(parseEnv({ DATA_DIR: '/var/lib/dispatch-quote' }).dataDir).toBe(
      '/var/lib/dispatch-quote',
    );
  });

  it('durations read as seconds or with a unit', () => {
    expect(parseEnv({ SESSION_MAX_AGE: '90' }).session.maxAgeSeconds).toBe(90);
    expect(parseEnv({ SESSION_MAX_AGE: '30m' }).session.maxAgeSeconds).toBe(1800);
    expect(parseEnv({ SESSION_MAX_AGE: '1d' }).session.maxAgeSeconds).toBe(86400);
  });

  it('a quote is shown as valid for 15 minutes unless QUOTE_VALIDITY says otherwise', () => {
    expect(parseEnv({}).publicConfig.quoteValiditySeconds).toBe(15 * 60);
    expect(parseEnv({ QUOTE_VALIDITY: '5m' }).publicConfig.quoteValiditySeconds).toBe(300);
    expect(() => parseEnv({ QUOTE_VALIDITY: 'soon' })).toThrow(/QUOTE_VALIDITY/);
  });

  it("a customer's link opens for 7 days after its quote expired unless CUSTOMER_LINK_TTL says otherwise", () => {
    expect(parseEnv({}).customerLinkTtlSeconds).toBe(7 * 86400);
    expect(parseEnv({ CUSTOMER_LINK_TTL: '2d' }).customerLinkTtlSeconds).toBe(2 * 86400);
    expect(() => parseEnv({ CUSTOMER_LINK_TTL: 'a week' })).toThrow(/CUSTOMER_LINK_TTL/);
  });

  it('lists several API clients for the built-in courier', () => {
    const env = parseEnv({
      COURIER_CLIENTS: 'acme:acme-secret-0123456,other:two:with-colon-0123456',
    });
    expect(env.courierService.clients).toEqual([
      { id: 'acme', secret: 'acme-secret-0123456' },
      { id: 'other', secret: 'two:with-colon-0123456' },
    ]);
    expect(env.courier.clientId).toBe('acme');
  });

  it('refuses an API client secret under 16 characters, naming COURIER_CLIENTS', () => {
    expect(() => parseEnv({ COURIER_CLIENTS: 'acme:pa55' })).toThrow(
      /COURIER_CLIENTS: the secret of the client acme has 4 characters; expected 16 or more/,
    );
    expect(() => parseEnv({ COURIER_CLIENTS: 'acme:0123456789abcde' })).toThrow(/COURIER_CLIENTS/);
    expect(() => parseEnv({ COURIER_CLIENTS: 'acme:0123456789abcdef' })).not.toThrow();
  });

  it('the demo API client is open with the demo accounts only, and the start-up says so', () => {
    const demo = parseEnv({});
    expect(demo.courierService.clients).toEqual([{ id: 'demo-client', secret: 'demo-secret' }]);
    expect(demo.publicConfig.demoAccount).toBe(true);
    expect(demo.warnings.join(' ')).toMatch(/demo accounts.*demo-client:demo-secret/);
    // Named on purpose beside the demo accounts: allowed.
    expect(() => parseEnv({ COURIER_CLIENTS: 'demo-client:demo-secret' })).not.toThrow();

    const real = parseEnv({ COURIER_ACCOUNTS_FILE: 'accounts.json' });
    expect(real.courierService.clients.map((client) => client.id)).not.toContain('demo-client');
    expect(real.courierService.clients).toHaveLength(1);
    expect(real.courierService.clients[0]!.secret.length).toBeGreaterThanOrEqual(32);
    expect(real.courier.clientSecret).toBe(real.courierService.clients[0]!.secret);
    expect(real.publicConfig.demoAccount).toBe(false);
    expect(real.warnings.join(' ')).not.toMatch(/demo/);
    expect(() =>
      parseEnv({
        COURIER_ACCOUNTS_FILE: 'accounts.json',
        COURIER_CLIENTS: 'demo-client:demo-secret',
      }),
    ).toThrow(
      /COURIER_CLIENTS: the client demo-client uses the public demo secret.*COURIER_ACCOUNTS_FILE/,
    );
  });

  it('the app signs the dispatcher’s address for its built-in courier, with the courier’s key', () => {
    const builtin = parseEnv({});
    expect(builtin.courier.endUserProofSecret).toBe(builtin.courierService.jwtSecret);
    const elsewhere = parseEnv({
      COURIER_BASE_URL: 'https://courier.example.com',
      COURIER_CLIENT_ID: 'acme',
      COURIER_CLIENT_SECRET: 'secret',
    });
    expect(elsewhere.courier.endUserProofSecret).toBeUndefined();
  });

  it('Nominatim needs a contact for its usage policy', () => {
    expect(() => parseEnv({ GEOCODER: 'nominatim' })).toThrow(/NOMINATIM_CONTACT/);
  });

  it('the built-in courier answers failures like the legacy service unless told to use HTTP statuses', () => {
    expect(parseEnv({}).courierService.errorStatus).toBe('legacy');
    expect(parseEnv({ COURIER_ERROR_STATUS: 'http' }).courierService.errorStatus).toBe('http');
    expect(() => parseEnv({ COURIER_ERROR_STATUS: '200' })).toThrow(/COURIER_ERROR_STATUS/);
  });

  it('road routes: none by default; osrm and valhalla need their server', () => {
    expect(parseEnv({}).router).toMatchObject({ provider: 'none', timeoutMs: 4_000 });
    expect(parseEnv({}).publicConfig.router).toBe('none');
    expect(() => parseEnv({ ROUTER: 'osrm' })).toThrow(/OSRM_URL: required with ROUTER=osrm/);
    expect(() => parseEnv({ ROUTER: 'valhalla' })).toThrow(/VALHALLA_URL: required/);
    expect(() => parseEnv({ ROUTER: 'google' })).toThrow(/ROUTER: expected none, osrm or valhalla/);
    const env = parseEnv({ ROUTER: 'osrm', OSRM_URL: 'http://127.0.0.1:5000/' });
    expect(env.router).toMatchObject({ provider: 'osrm', osrmUrl: 'http://127.0.0.1:5000' });
    expect(env.publicConfig.router).toBe('osrm');
  });

  it("the built-in courier prices on an OSRM server's roads only when COURIER_ROUTER_URL names one", () => {
    expect(parseEnv({}).courierService.routerUrl).toBeUndefined();
    expect(
      parseEnv({ COURIER_ROUTER_URL: 'http://osrm.internal:5000' }).courierService,
    ).toMatchObject({ routerUrl: 'http://osrm.internal:5000', routerTimeoutMs: 2_000 });
    expect(() => parseEnv({ COURIER_ROUTER_URL: 'osrm' })).toThrow(/COURIER_ROUTER_URL/);
  });

  describe('several instances (REDIS_URL)', () => {
    const SHARED = {
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      SESSION_SECRET: 'a-session-secret-every-instance-shares-0001',
      COURIER_JWT_SECRET: 'a-courier-signing-key-every-instance-shares-01',
      DATABASE_URL: 'postgresql://dispatch:secret@db.internal:5432/dispatch',
    };

    it('without REDIS_URL, shared state stays in this process’s memory', () => {
      expect(parseEnv({}).sharedState).toEqual({ kind: 'memory' });
    });

    it('with REDIS_URL and both secrets set, state is shared through Redis, each call bounded to 50 ms', () => {
      expect(parseEnv(SHARED).sharedState).toEqual({
        kind: 'redis',
        url: 'redis://127.0.0.1:6379/0',
        timeoutMs: 50,
      });
      expect(parseEnv({ ...SHARED, REDIS_TIMEOUT_MS: '20' }).sharedState).toMatchObject({
        timeoutMs: 20,
      });
    });

    it('refuses to start with REDIS_URL and a session secret generated per process, naming SESSION_SECRET', () => {
      const { SESSION_SECRET: _, ...rest } = SHARED;
      expect(() => parseEnv(rest)).toThrow(EnvError);
      expect(() => parseEnv(rest)).toThrow(/SESSION_SECRET: required with REDIS_URL/);
    });

    it('refuses to start with REDIS_URL and a courier signing key generated per process, naming COURIER_JWT_SECRET', () => {
      const { COURIER_JWT_SECRET: _, ...rest } = SHARED;
      expect(() => parseEnv(rest)).toThrow(/COURIER_JWT_SECRET: required with REDIS_URL/);
      // Another courier signs its own tokens: then only the session secret must be shared.
      expect(
        parseEnv({
          ...rest,
          COURIER_BASE_URL: 'https://courier.example.com',
          COURIER_CLIENT_ID: 'acme',
          COURIER_CLIENT_SECRET: 'secret',
        }).sharedState.kind,
      ).toBe('redis');
    });

    it('refuses to start with REDIS_URL and quote records in an embedded database of each instance, naming DATABASE_URL and REDIS_URL', () => {
      const { DATABASE_URL: _, ...rest } = SHARED;
      expect(() => parseEnv(rest)).toThrow(/DATABASE_URL: required with REDIS_URL/);
    });

    it.each([
      ['REDIS_URL', 'http://127.0.0.1:6379', /REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL/],
      ['REDIS_TIMEOUT_MS', '5000', /REDIS_TIMEOUT_MS: expected at most 2000 ms/],
      ['DATABASE_URL', 'mysql://db.internal/dispatch', /DATABASE_URL: expected a postgres:\/\//],
    ])(
      'a wrong %s stops start-up with a message naming it, never echoing the value',
      (name, value, message) => {
        expect(() => parseEnv({ ...SHARED, [name]: value })).toThrow(message);
        const secret = name.endsWith('_URL') ? 'ftp://user:hunter2@example.com' : '5000.hunter2';
        expect(() => parseEnv({ ...SHARED, [name]: secret })).toThrow(name);
        expect(() => parseEnv({ ...SHARED, [name]: secret })).not.toThrow(/hunter2/);
      },
    );
  });
});

describe('quote records', () => {
  it('with nothing configured, records live in an embedded PostgreSQL under DATA_DIR, kept 90 days', () => {
    expect(parseEnv({}).database).toEqual({ kind: 'embedded', dir: join('.data', 'pglite') });
    expect(parseEnv({ DATA_DIR: '/var/lib/dispatch' }).database).toEqual({
      kind: 'embedded',
      dir: join('/var/lib/dispatch', 'pglite'),
    });
    expect(parseEnv({}).quoteRetentionSeconds).toBe(90 * 86_400);
  });

  it('DATABASE_URL names a PostgreSQL server; QUOTE_RETENTION takes a duration', () => {
    const url = 'postgres://dispatch:secret@127.0.0.1:5432/dispatch';
    expect(parseEnv({ DATABASE_URL: url }).database).toEqual({ kind: 'server', url });
    expect(parseEnv({ QUOTE_RETENTION: '30d' }).quoteRetentionSeconds).toBe(30 * 86_400);
    expect(() => parseEnv({ QUOTE_RETENTION: 'forever' })).toThrow(/QUOTE_RETENTION: expected/);
  });

  it('QUOTE_RECORDS is on unless turned off (then a warning says quotes are not stored)', () => {
    expect(parseEnv({}).quoteRecords).toBe(true);
    const off = parseEnv({ QUOTE_RECORDS: 'off' });
    expect(off.quoteRecords).toBe(false);
    expect(off.warnings.join('\n')).toMatch(
      /QUOTE_RECORDS is off: quotes are answered without being stored/,
    );
    expect(() => parseEnv({ QUOTE_RECORDS: 'sometimes' })).toThrow(
      /QUOTE_RECORDS: expected on or off/,
    );
  });
});
