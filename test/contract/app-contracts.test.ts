import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorsOf, type Contract } from '@/lib/api/contract';
import { CONTRACTS } from '@/lib/api/contracts';
import type { EndpointName } from '@/lib/api/endpoints';
import { API_ERROR_STATUS } from '@/lib/api/errors';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import {
  Browser,
  builtinCourierEnv,
  DISPATCHER,
  GUADALAJARA_CENTRO,
  RECORDED_TRIP,
  type AppAnswer,
} from './app-fixtures';

/**
 * Every endpoint of the app against its contract (lib/api), over real HTTP with the built-in
 * courier: each contract names a handler that exists, each handler has its contract, every 2xx
 * answer fits the contract's answer schema (strictly: nothing more leaves the server), and every
 * error carries one of the codes the contract lists, with that code's status.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');

/** `export const GET = …` in app/api/**\/route.ts, as `GET /api/…`. */
function handlersOnDisk(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(join(ROOT, 'app', 'api'))
    .filter((file) => file.endsWith('/route.ts'))
    .flatMap((file) => {
      const path = `/${relative(join(ROOT, 'app'), file).replace(/\/route\.ts$/, '')}`;
      const methods = [
        ...readFileSync(file, 'utf8').matchAll(/^export const (GET|POST|DELETE|PUT|PATCH) =/gm),
      ];
      return methods.map(([, method]) => `${method} ${path}`);
    });
}

const contracts = Object.entries(CONTRACTS) as Array<[EndpointName, Contract]>;

describe('the API’s contracts and its handlers', () => {
  it('name the same endpoints: a handler for every contract, a contract for every handler', () => {
    const declared = contracts.map(([, contract]) => `${contract.method} ${contract.path}`);
    expect(declared.sort()).toEqual(handlersOnDisk().sort());
  });

  it('each handler reads its own contract', () => {
    for (const [name, contract] of contracts) {
      const file = join(ROOT, 'app', contract.path.slice(1), 'route.ts');
      expect(readFileSync(file, 'utf8'), `${name} in ${file}`).toContain(`${name}Contract`);
    }
  });
});

describe('every answer fits its endpoint’s contract', () => {
  let app: AppServer;
  let browser: Browser;
  let addresses = 0;
  const newBrowser = () =>
    new Browser(app.origin, { 'x-forwarded-for': `198.18.11.${++addresses}` });

  /** Calls an endpoint as its contract says, and checks the answer against the contract. */
  async function call(
    from: Browser,
    name: EndpointName,
    request: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ): Promise<AppAnswer> {
    const contract: Contract = CONTRACTS[name];
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      for (const one of [value].flat()) params.append(key, one);
    }
    const query = params.size ? `?${params}` : '';
    const answer = await from.request(contract.method, `${contract.path}${query}`, {
      body: request.body,
    });
    if (answer.status < 300) {
      if (contract.answer) {
        const parsed = contract.answer['~standard'].validate(answer.json);
        expect(parsed, `${name}: ${JSON.stringify(parsed)}`).not.toHaveProperty('issues');
      } else {
        expect(answer.status, name).toBe(204);
      }
    } else {
      const code = answer.json.error.code as keyof typeof API_ERROR_STATUS;
      expect(errorsOf(contract), `${name} answered ${code}`).toContain(code);
      expect(answer.status).toBe(API_ERROR_STATUS[code]);
    }
    return answer;
  }

  beforeAll(async () => {
    vi.resetModules();
    resetProcessSingletons();
    app = await startAppServer({
      ...builtinCourierEnv('app-contracts-tests-signing-key-0123456789'),
      // The built-in courier, unnamed: the app then publishes its zones (GET /api/coverage).
      COURIER_BASE_URL: undefined,
      PORT: '{port}',
      GEOCODER: undefined,
      ROUTER: undefined,
    });
    browser = newBrowser();
    expect((await call(browser, 'signIn', { body: DISPATCHER })).status).toBe(200);
  });
  afterAll(() => app.close());

  it('signing in, and who is signed in', async () => {
    expect((await call(browser, 'currentSession')).json.user.email).toBe(DISPATCHER.email);
    const wrong = await call(newBrowser(), 'signIn', {
      body: { ...DISPATCHER, password: 'not-the-password' },
    });
    expect(wrong.json.error.code).toBe('invalid_credentials');
    expect((await call(newBrowser(), 'signIn', { body: { email: 'x' } })).status).toBe(400);
  });

  it('a quote, and a trip out of coverage', async () => {
    const { pickup, dropoff } = RECORDED_TRIP;
    expect((await call(browser, 'quote', { body: { pickup, dropoffs: [dropoff] } })).status).toBe(
      200,
    );
    const outside = await call(browser, 'quote', {
      body: { pickup, dropoffs: [GUADALAJARA_CENTRO] },
    });
    expect(outside.status).toBe(422);
  });

  it('address lookups, found and refused', async () => {
    expect(
      (
        await call(browser, 'geocodeSearch', {
          query: { q: 'Juárez', lat: '19.42', lng: '-99.16' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(browser, 'geocodeReverse', { query: { lat: '19.4245', lng: '-99.1677' } }))
        .status,
    ).toBe(200);
    expect((await call(browser, 'geocodeReverse', { query: { lat: 'north' } })).status).toBe(400);
  });

  it('the road route, the coverage and the health', async () => {
    const at = ['19.4245207,-99.1676911', '19.4133562,-99.1672142'];
    expect((await call(browser, 'roadRoute', { query: { at } })).json.route.source).toBe(
      'straight',
    );
    expect((await call(browser, 'roadRoute', { query: { at: at[0]! } })).status).toBe(400);
    expect((await call(newBrowser(), 'coverage')).json.features.length).toBeGreaterThan(0);
    expect((await call(newBrowser(), 'health')).json.status).toBe('ok');
  });

  it('without a session, each endpoint for signed-in dispatchers answers 401 unauthenticated', async () => {
    const stranger = newBrowser();
    const signedIn = contracts.filter(([, contract]) => contract.signedIn);
    expect(signedIn.length).toBeGreaterThan(3);
    for (const [name] of signedIn) {
      expect((await call(stranger, name)).json.error.code, name).toBe('unauthenticated');
    }
  });

  it('signing out here, then everywhere', async () => {
    expect((await call(browser, 'signOut')).status).toBe(204);
    expect((await call(browser, 'signOutEverywhere')).status).toBe(204);
    expect((await call(newBrowser(), 'signOutEverywhere')).status).toBe(401);
  });
});
