import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_TRIP } from '../contract/app-fixtures';
import {
  BalancedBrowser,
  buildForProduction,
  RoundRobin,
  startInstance,
  type AppInstance,
} from '../support/app-instances';
import { startNominatimStandIn, type GeocoderStandIn } from '../support/nominatim-stand-in';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';
import {
  health,
  quoteFor,
  quoteThroughOutage,
  signedIn as signedInAt,
} from '../support/instance-quoting';
import { startRedisServer, type RedisServer } from '../support/redis-server';

/**
 * Three production instances of the app (`next build` once, then scripts/serve.mjs as `npm
 * start` runs it) sharing one redis-server of the test's own, with requests sent round robin as a
 * load balancer would. Each instance serves the built-in courier too; they share its signing key
 * and the session secret, as the README's "Running several instances" asks.
 */

/** Tokens live 8 s, so a session's token comes due within a test (renewed 2 s before expiry). */
const TOKEN_TTL_SECONDS = 8;
const RUN_SECONDS = 30;
const SESSIONS = 20;
/**
 * A tablet's pause between an answer and its next quote in the kill -9 run: twenty tablets quote
 * ~90 times a second in all. What the run checks is sessions and renewals surviving the kill, not
 * throughput; quoting as fast as the machine allows took both cores for the half minute.
 */
const THINK_MS = 200;

let redis: RedisServer;
let postgres: PostgresServer;
let nominatim: GeocoderStandIn;
const instances: AppInstance[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Courier logins the instances made (sign-ins and renewals), from their own logs. */
const courierLogins = () =>
  instances
    .flatMap((instance) => instance.lines)
    .filter((line) => line.includes('"msg":"courier token issued"')).length;
/** Where each instance's log stands now, for `tokenLinesSince`. */
const logPositions = () => instances.map((instance) => instance.lines.length);
/** Every instance's log lines since `positions`. */
const linesSince = (positions: number[]) =>
  instances.flatMap((instance, i) => instance.lines.slice(positions[i]));
/** What the instances logged of courier tokens since `positions`: a failure's explanation. */
const tokenLinesSince = (positions: number[]) =>
  instances
    .flatMap((instance, i) =>
      instance.lines
        .slice(positions[i])
        .filter((line) => /courier token|renewal/.test(line))
        .map((line) => `instance ${i}: ${line}`),
    )
    .join('\n');

const signedIn = (from?: string, at: AppInstance = instances[0]!) => signedInAt(at, from);

beforeAll(async () => {
  buildForProduction();
  [redis, postgres, nominatim] = await Promise.all([
    startRedisServer(),
    startPostgresServer(),
    startNominatimStandIn(),
  ]);
  const env = {
    REDIS_URL: redis.url,
    // What these tests check is what the instances share. At the peak of a clean clone's CI (load
    // 10+ on two cores), Redis's answers sometimes came after the default 50 ms: each instance then
    // used its own memory, as designed, and the session's renewal became two logins. What a Redis
    // slower than REDIS_TIMEOUT_MS does is lib/redis/redis-stores.test.ts's to check.
    REDIS_TIMEOUT_MS: '500',
    // Several instances keep their quote records in one PostgreSQL server (REDIS_URL requires it).
    DATABASE_URL: await postgres.createDatabase(),
    SESSION_SECRET: 'several-instances-session-secret-0123456789',
    COURIER_JWT_SECRET: 'several-instances-courier-signing-key-012345',
    COURIER_TOKEN_TTL: `${TOKEN_TTL_SECONDS}s`,
    COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
    GEOCODER: 'nominatim',
    NOMINATIM_URL: nominatim.url,
    NOMINATIM_CONTACT: 'tests@example.com',
    GEOCODER_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'info',
  };
  // One after another: three Next servers starting at once on two cores take longer than in turn.
  for (let i = 0; i < 3; i++) instances.push(await startInstance(env));
}, 900_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  // The instances' logs, for whoever reads a failure (never printed: thousands of lines).
  const dir = mkdtempSync(join(tmpdir(), 'several-instances-logs-'));
  instances.forEach((instance, i) =>
    writeFileSync(join(dir, `instance-${i}.log`), instance.lines.join('\n') + '\n'),
  );
  await Promise.all([redis?.close(), postgres?.close(), nominatim?.close()]);
});

describe('three instances and one Redis', () => {
  it('health names the shared store as Redis, up, on every instance', async () => {
    for (const instance of instances) {
      // One PING within REDIS_TIMEOUT_MS: on two loaded cores a probe may miss it now and then.
      await expect
        .poll(async () => (await health(instance)).store, { interval: 200, timeout: 2_000 })
        .toEqual({ kind: 'redis', status: 'up', latencyMs: expect.any(Number) });
    }
  });

  it('a dispatcher signed out on one instance is refused on the other two at once: their very next request', async () => {
    const browser = await signedIn();
    const [first, second, third] = instances as [AppInstance, AppInstance, AppInstance];
    expect((await browser.request(second, 'POST', '/api/quote', RECORDED_TRIP)).status).toBe(200);
    expect((await browser.request(third, 'POST', '/api/quote', RECORDED_TRIP)).status).toBe(200);
    const stolenCopy = browser.cookie;

    expect((await browser.request(first, 'DELETE', '/api/session')).status).toBe(204);
    // No wait and no retry: the first request after the sign-out is refused.
    const copy = new BalancedBrowser();
    for (const other of [second, third]) {
      copy.cookie = stolenCopy;
      const answer = await copy.request(other, 'POST', '/api/quote', RECORDED_TRIP);
      expect(answer.status).toBe(401);
      expect(answer.json.error.code).toBe('unauthenticated');
    }
  });

  it('six wrong passwords spread over the three instances: the sixth is refused', async () => {
    // An address of its own, so the lockout touches no other test's sign-ins.
    const guesser = new BalancedBrowser('127.0.9.1');
    const balancer = new RoundRobin(instances);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const answer = await guesser.request(balancer.pick(), 'POST', '/api/session', {
        email: 'dispatcher@example.com',
        password: `wrong-password-${attempt}`,
      });
      statuses.push(answer.status);
      if (attempt === 6) expect(answer.json.error.code).toBe('rate_limited');
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('60 quotes of one session at once over three instances, right after its token expired, make exactly one courier login', async () => {
    const browser = await signedIn();
    // The token is renewed a quarter of its life before expiry: wait until it is due.
    await sleep((TOKEN_TTL_SECONDS * 3 * 1000) / 4 + 300);
    const before = courierLogins();
    const positions = logPositions();
    const burstStartedAt = Date.now();
    const balancer = new RoundRobin(instances);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        browser.request(balancer.pick(), 'POST', '/api/quote', RECORDED_TRIP),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    // The recorded trip each time: 1.58 km, 28 min, 35.00.
    expect(
      new Set(
        answers.map(
          ({ json: { quote } }) => `${quote.distanceKm} ${quote.etaMinutes} ${quote.total}`,
        ),
      ),
    ).toEqual(new Set(['1.58 28 35']));
    await sleep(300); // the log lines of the last answers
    // One login for the token that came due. On a loaded machine (CI at load ~10–13, 2026-11-27
    // and 2026-12-05) the burst outlasted the new token's own 8 s: the courier then refused it as
    // expired, and the session replaced it, once. A login for that is not the herd this test is
    // about, so each token issued during the burst and then refused allows one more; several
    // logins for the due token itself would still fail here.
    const refusedNewTokens = new Set(
      linesSince(positions)
        .filter((line) => line.includes('"msg":"courier token rejected: replacing it"'))
        .map((line) => JSON.parse(line) as { courierCode: number; tokenIssuedAt: string })
        // -156: expired (the built-in courier's tokens are never revoked by a newer login).
        .filter((line) => line.courierCode === -156)
        .map((line) => line.tokenIssuedAt)
        .filter((issuedAt) => Date.parse(issuedAt) >= burstStartedAt),
    );
    expect(courierLogins() - before, tokenLinesSince(positions)).toBe(1 + refusedNewTokens.size);
  }, 60_000);

  it('Nominatim’s stand-in sees at most one request per second across the three, and a place looked up once is not asked again', async () => {
    const browser = await signedIn();
    const balancer = new RoundRobin(instances);
    const seenBefore = nominatim.requests.length;
    // Five different spots at once, spread over the instances (each its own cache entry).
    const spots = Array.from({ length: 5 }, (_, i) => ({ lat: 19.42 + i * 0.002, lng: -99.163 }));
    const answers = await Promise.all(
      spots.map(({ lat, lng }) =>
        browser.request(balancer.pick(), 'GET', `/api/geocode/reverse?lat=${lat}&lng=${lng}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    const arrivals = nominatim.requests.slice(seenBefore).map((request) => request.receivedAt);
    expect(arrivals).toHaveLength(5);
    arrivals.sort((a, b) => a - b);
    for (let i = 1; i < arrivals.length; i++) {
      expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(950);
    }

    // The same spots again, each on an instance that did not look it up: answered from Redis.
    const again = await Promise.all(
      spots.map(({ lat, lng }) =>
        browser.request(balancer.pick(), 'GET', `/api/geocode/reverse?lat=${lat}&lng=${lng}`),
      ),
    );
    expect(again.map((answer) => answer.json)).toEqual(answers.map((answer) => answer.json));
    expect(nominatim.requests.length - seenBefore).toBe(5);
  }, 60_000);

  it(`kill -9 of one instance during a ${RUN_SECONDS} s run of ${SESSIONS} sessions: every quote sent to the others succeeds, and nobody signs in again`, async () => {
    // Twenty tablets, each on a network of its own: their token renewals (every 6 s here) are
    // logins the built-in courier lets through by the address each one signed in from.
    const browsers: BalancedBrowser[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      browsers.push(await signedIn(`127.0.1.${i + 1}`, instances[i % instances.length]));
    }
    const victim = instances[2]!;
    const balancer = new RoundRobin(instances);
    const toSurvivors: number[] = [];
    let toVictimBeforeKill = 0;
    let failedAtVictim = 0;
    let killedAt = 0;
    const endAt = Date.now() + RUN_SECONDS * 1000;

    const killer = (async () => {
      await sleep((RUN_SECONDS * 1000) / 3);
      await victim.kill();
      killedAt = Date.now();
    })();
    await Promise.all(
      browsers.map(async (browser) => {
        while (Date.now() < endAt) {
          const instance = balancer.pick();
          try {
            const answer = await browser.request(instance, 'POST', '/api/quote', RECORDED_TRIP);
            if (instance === victim) {
              toVictimBeforeKill += 1;
              expect(answer.status).toBe(200);
            } else {
              toSurvivors.push(answer.status);
            }
          } catch (error) {
            // Only the killed instance may fail to answer; the balancer then stops sending to it.
            if (instance !== victim) throw error;
            failedAtVictim += 1;
            balancer.down.add(victim);
          }
          await sleep(THINK_MS);
        }
      }),
    );
    await killer;

    expect(killedAt).toBeGreaterThan(0);
    expect(victim.alive).toBe(false);
    expect(toVictimBeforeKill).toBeGreaterThan(0);
    // Every quote sent to the two survivors succeeded: no 401 (nobody asked to sign in again).
    expect(toSurvivors.filter((status) => status !== 200)).toEqual([]);
    expect(toSurvivors.length).toBeGreaterThan(SESSIONS * 3);
    expect(failedAtVictim).toBeLessThanOrEqual(SESSIONS);
    for (const browser of browsers) {
      expect((await browser.request(instances[0]!, 'GET', '/api/session')).status).toBe(200);
    }
  }, 120_000);

  it('Redis killed mid-run: quotes still succeed and health says degraded; Redis back (empty): shared again, earlier sign-outs still refused', async () => {
    const survivors = instances.filter((instance) => instance.alive);
    expect(survivors.length).toBeGreaterThanOrEqual(2);
    const balancer = new RoundRobin(survivors);
    const browsers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => signedIn('127.0.0.1', survivors[i % survivors.length])),
    );
    const quoting = { browsers, target: () => balancer.pick() };

    // Signed out before Redis goes: after Redis comes back empty, still refused everywhere.
    const signedOutBefore = await signedIn('127.0.0.1', survivors[0]);
    const copyBefore = new BalancedBrowser();
    copyBefore.cookie = signedOutBefore.cookie;
    expect((await signedOutBefore.request(survivors[0]!, 'DELETE', '/api/session')).status).toBe(
      204,
    );

    await quoteThroughOutage(quoting, {
      stop: () => redis.kill(),
      instances: survivors,
      part: 'store',
      kind: 'redis',
    });

    // Back, empty (no persistence): every instance reconnects by itself, no restart.
    await redis.restart();
    for (const instance of survivors) {
      await expect
        .poll(async () => (await health(instance)).store.status, { interval: 200, timeout: 10_000 })
        .toBe('up');
    }
    // The instance that took the sign-out wrote it back: the other refuses it too.
    await expect
      .poll(async () => (await copyBefore.request(survivors[1]!, 'GET', '/api/session')).status, {
        interval: 0,
        timeout: 1_000,
      })
      .toBe(401);

    // Shared again: a sign-out on one is refused on another.
    const browser = await signedIn('127.0.0.1', survivors[0]);
    const copy = new BalancedBrowser();
    copy.cookie = browser.cookie;
    expect((await copy.request(survivors[1]!, 'POST', '/api/quote', RECORDED_TRIP)).status).toBe(
      200,
    );
    expect((await browser.request(survivors[0]!, 'DELETE', '/api/session')).status).toBe(204);
    const refused = await copy.request(survivors[1]!, 'POST', '/api/quote', RECORDED_TRIP);
    expect(refused.status).toBe(401);
    const afterwards = await quoteFor(quoting, 1_000);
    expect(afterwards.filter((answer) => answer.status !== 200)).toEqual([]);
  }, 90_000);
});
