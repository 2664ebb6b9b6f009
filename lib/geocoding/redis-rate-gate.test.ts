import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@/test/support/redis-server';
import { RateGate, systemClock, type Clock } from './rate-gate';
import { RedisRateGate } from './redis-rate-gate';

let server: RedisServer;
const clients: Redis[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
});

/** One instance's gate on the shared Redis; `late` ms added to each of its waits (a busy instance). */
function instanceGate(key: string, late = 0): RedisRateGate {
  const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
  clients.push(redis);
  const clock: Clock = {
    now: systemClock.now,
    sleep: (ms) => systemClock.sleep(ms + late),
  };
  return new RedisRateGate(redis, key, 300, 5_000, new RateGate(300, 5_000), 25, clock);
}

describe('the rate gate shared through Redis', () => {
  it('spaces calls from several instances by the interval, however late a busy one left its slot', async () => {
    const key = `gate-${Date.now()}`;
    // The first instance wakes 150 ms after each slot it waited for: more than the margin.
    const busy = instanceGate(key, 150);
    const onTime = instanceGate(key);
    await busy.take(); // the first call: no wait, it leaves at once
    // When each call left, as the gate recorded it on Redis's clock. Read in the test's process
    // when its take() resolved instead, the gap shrank by however late that process ran
    // (275 ms at a clean clone's peak load), which is the test's delay, not the gate's.
    const reader = new Redis(server.url);
    clients.push(reader);
    const left: number[] = [];
    const call = async (gate: RedisRateGate) => {
      await gate.take();
      left.push(Number(await reader.get(`${key}:left`)));
    };
    // Booked in this order: the busy instance's slot first, the on-time one's 325 ms after it.
    const calls = [call(busy)];
    await systemClock.sleep(20);
    calls.push(call(onTime));
    await Promise.all(calls);
    expect(left).toHaveLength(2);
    // The busy call left ~150 ms after its slot; the next must still leave 300 ms after it, not at
    // its own slot (175 ms after it).
    expect(left[1]! - left[0]!).toBeGreaterThanOrEqual(300);
  });

  it('counts the interval from the answer of a call that reached the service late', async () => {
    const key = `gate-answered-${Date.now()}`;
    const first = instanceGate(key);
    const second = instanceGate(key);
    await first.take();
    // The first call leaves the gate but its instance is busy: it reaches the service 150 ms later
    // and is answered then. Meanwhile the second instance books the next slot and waits for it.
    const next = (async () => {
      await second.take();
      return performance.now();
    })();
    await systemClock.sleep(150);
    const answered = performance.now();
    await first.finished();
    // Left 300 ms after the first left, it would reach the service 150 ms after the first did.
    expect((await next) - answered).toBeGreaterThanOrEqual(290);
  });
});
