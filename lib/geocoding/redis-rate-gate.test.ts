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
    // When each call left, as the gate wrote it on Redis's clock, seen through MONITOR (every
    // command Redis runs, those of its scripts included, in order). Read after each take()
    // resolved instead, a busy test process could read the key only after the next call had
    // already overwritten it (CI on 1ef9c64: both reads saw the same value, load 12).
    const monitor = await new Redis(server.url).monitor();
    const left: number[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toUpperCase() === 'SET' && args[1] === `${key}:left`) left.push(Number(args[2]));
    });
    // Booked in this order: the busy instance's slot first, the on-time one's 325 ms after it.
    const calls = [busy.take()];
    await systemClock.sleep(20);
    calls.push(onTime.take());
    await Promise.all(calls);
    await expect.poll(() => left.length).toBe(2);
    monitor.disconnect();
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
