// Figure 11: what sharing state in Redis costs a quote, and what a second instance adds.
// (a) One instance with REDIS_URL against one without (memory), both running at once, alternating
// memory, redis, memory, redis… at c=10: the throughput ratio redis/memory.
// (b) The same quote load (c=20 in all) on one Redis instance alone, then split over two
// instances sharing that Redis (c=10 each, at once, one session cookie for both, as behind a load
// balancer): the ratio two/one, reported with the machine's core count, since on a small machine a
// second process competes for the same cores.
import os from 'node:os';
import { load, quoteRequests, send, signIn } from '../lib/http.mjs';
import { median, round, roundSpread, spread } from '../lib/stats.mjs';

export const BUDGET = { redisToMemory: 0.8 };

/**
 * What each instance of the figure is started with (beside bench/lib/app-server.mjs's own): the
 * instance on memory and the two sharing Redis, all at warn so that logs cost nothing per quote.
 * Instances that share Redis must share their secrets and keep their quote records in one
 * PostgreSQL server (the app refuses REDIS_URL without DATABASE_URL); the memory instance stores
 * its records in that same server, so storing costs both sides the same and the ratio is Redis's.
 */
export function sharedStateEnvs({ redisUrl, databaseUrl }) {
  const common = {
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-shared-state-session-secret-0123456789',
    COURIER_JWT_SECRET: 'bench-shared-state-courier-signing-key-0123',
    DATABASE_URL: databaseUrl,
  };
  return { memory: common, redis: { ...common, REDIS_URL: redisUrl } };
}

export async function measureSharedState({ memory, shared }, { smoke }) {
  const plan = smoke
    ? { rounds: 2, seconds: 2, warmupSeconds: 1 }
    : { rounds: 6, seconds: 3, warmupSeconds: 3 };
  const [first] = shared;
  const quoteAt = (server, cookie) => quoteRequests(server.origin, { cookie, token: '' }).app;
  const memoryQuote = quoteAt(memory, await signIn(memory.origin));
  // One session for both shared instances: its cookie opens on either.
  const sharedCookie = await signIn(first.origin);
  const [firstQuote, secondQuote] = shared.map((server) => quoteAt(server, sharedCookie));
  for (const request of [memoryQuote, firstQuote, secondQuote]) {
    const answer = await send(request);
    if (answer.status !== 200) throw new Error(`sanity quote failed: HTTP ${answer.status}`);
    await load(request, { connections: 10, seconds: plan.warmupSeconds });
  }

  const rounds = [];
  for (let round = 0; round < plan.rounds; round++) {
    const memoryRun = await load(memoryQuote, { connections: 10, seconds: plan.seconds });
    const redisRun = await load(firstQuote, { connections: 10, seconds: plan.seconds });
    const oneRun = await load(firstQuote, { connections: 20, seconds: plan.seconds });
    const twoRuns = await Promise.all([
      load(firstQuote, { connections: 10, seconds: plan.seconds }),
      load(secondQuote, { connections: 10, seconds: plan.seconds }),
    ]);
    rounds.push({
      memory: memoryRun.rps,
      redis: redisRun.rps,
      one: oneRun.rps,
      two: twoRuns[0].rps + twoRuns[1].rps,
    });
  }

  // A run in which no quote came back (the machine stalled: its cores are shared) says nothing.
  const measured = rounds.filter((r) => r.memory > 0 && r.redis > 0 && r.one > 0 && r.two > 0);
  if (measured.length === 0) throw new Error('no round completed a quote on every server');
  const redisToMemory = spread(measured.map((r) => r.redis / r.memory));
  const twoToOne = spread(measured.map((r) => r.two / r.one));
  const cores = os.availableParallelism();
  return {
    id: 'shared-state',
    title: 'quotes with state shared in Redis',
    budget: `throughput redis/memory ≥ ${BUDGET.redisToMemory} on one instance at c=10; a second instance reported`,
    result:
      `redis/memory ${round(redisToMemory.median, 2)} (${round(redisToMemory.min, 2)}–${round(redisToMemory.max, 2)}); ` +
      `two instances/one ${round(twoToOne.median, 2)} (${round(twoToOne.min, 2)}–${round(twoToOne.max, 2)}) on ${cores} cores`,
    passed: redisToMemory.median >= BUDGET.redisToMemory,
    plan,
    figures: {
      redisToMemory: roundSpread(redisToMemory),
      twoInstancesToOne: roundSpread(twoToOne),
      cores,
      loadAverage: os.loadavg().map((value) => round(value, 2)),
    },
    absolute: {
      note: 'quotes per second, medians over the rounds; for context only, never asserted',
      memory: round(median(measured.map((r) => r.memory)), 1),
      redis: round(median(measured.map((r) => r.redis)), 1),
      oneInstanceC20: round(median(measured.map((r) => r.one)), 1),
      twoInstancesC10Each: round(median(measured.map((r) => r.two)), 1),
      roundsWithoutAQuote: rounds.length - measured.length,
    },
  };
}
