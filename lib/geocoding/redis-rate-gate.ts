import 'server-only';
import type { Redis } from 'ioredis';
import { RateGate, RateGateFull, type CallGate, type Clock, systemClock } from './rate-gate';
import { sharedRedis } from '@/lib/redis/connection';
import { orWhenRedisFails } from '@/lib/redis/fallback';

// Books the next free slot on Redis's own clock (TIME), so instances whose clocks differ a little
// still space their calls. Answers the wait in ms, or -1 - wait when the slot is too far away.
const BOOK_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local booked = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, booked)
local wait = slot - now
if wait > tonumber(ARGV[2]) then return -1 - wait end
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', wait + tonumber(ARGV[1]) + 1000)
return wait`;

// Lets a call leave only `interval` ms after the last call that left (on Redis's clock), and
// records when it does; else answers how long to wait still. A booked slot is when a call may
// leave: one that leaves late (its instance busy when the slot came) must not let the next,
// leaving on time, reach the service less than the interval after it.
const LEAVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = tonumber(redis.call('GET', KEYS[1]) or '0') + tonumber(ARGV[1]) - now
if wait > 0 then return wait end
redis.call('SET', KEYS[1], now, 'PX', tonumber(ARGV[1]) + 1000)
return 0`;

// Records that a call's answer came (on Redis's clock; never moving the mark back): the next call
// then leaves only `interval` after it, even if another call left meanwhile. What leaves an
// instance reaches the service some time after it left the gate (a busy instance sends late:
// several-instances.test.ts saw two arrivals 903 ms apart at load 10, each having left the gate
// 1,000 ms after the other); an answer comes only after its call arrived, so counting from it
// spaces the arrivals whatever the delay.
const FINISHED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if now > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], now, 'PX', tonumber(ARGV[1]) + 1000)
end
return 0`;

/**
 * A rate gate shared by every instance (Nominatim's one request per second for the whole
 * application, not per instance): each call books the next free slot in Redis and waits for it.
 * `marginMs` is added to the interval, because a call leaves its instance a little after its slot
 * and the next may leave the next instance exactly on time; and when its slot comes, a call still
 * leaves only `intervalMs` after the last one actually left (a busy instance can leave its slot
 * late by more than the margin: several-instances.test.ts saw 863 ms between two arrivals).
 *
 * Redis failing: this process's own gate (`local`) spaces its calls, so during an outage N
 * instances may call N times a second — the price of keeping lookups working (README).
 */
export class RedisRateGate {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly local: RateGate,
    private readonly marginMs = 25,
    private readonly clock: Clock = systemClock,
  ) {}

  async take(): Promise<void> {
    const wait = await orWhenRedisFails(
      'geocoder rate gate',
      async () =>
        (await this.redis.eval(
          BOOK_SLOT,
          1,
          this.key,
          String(this.intervalMs + this.marginMs),
          String(this.maxWaitMs),
        )) as number,
      () => undefined,
    );
    if (wait === undefined) return this.local.take();
    if (wait < 0) throw new RateGateFull(-1 - wait);
    await this.sleepFor(wait);
    for (;;) {
      const still = await orWhenRedisFails(
        'geocoder rate gate',
        async () =>
          (await this.redis.eval(LEAVE, 1, `${this.key}:left`, String(this.intervalMs))) as number,
        () => 0,
      );
      if (still <= 0) return;
      await this.sleepFor(still);
    }
  }

  /** The call that last left has its answer (or failed): the next leaves an interval after now. */
  async finished(): Promise<void> {
    await orWhenRedisFails(
      'geocoder rate gate',
      async () => {
        await this.redis.eval(FINISHED, 1, `${this.key}:left`, String(this.intervalMs));
      },
      () => undefined,
    );
  }

  private async sleepFor(wait: number): Promise<void> {
    const until = this.clock.now() + wait;
    for (let remaining = wait; remaining > 0; remaining = until - this.clock.now()) {
      await this.clock.sleep(Math.ceil(remaining));
    }
  }
}

/** Calls spaced `intervalMs` apart across every instance (this process's alone without Redis). */
export function sharedRateGate(name: string, intervalMs: number, maxWaitMs: number): CallGate {
  const local = new RateGate(intervalMs, maxWaitMs);
  const redis = sharedRedis();
  if (!redis) return local;
  return new RedisRateGate(redis, `dq:gate:${name}`, intervalMs, maxWaitMs, local);
}
