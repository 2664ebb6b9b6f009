import 'server-only';
import type { Redis } from 'ioredis';
import type { CounterStore, WindowCount } from './counter-store';
import { orWhenRedisFails } from '@/lib/redis/fallback';
import { sharedKey } from '@/lib/redis/keys';

// A key is a hash {c: count, r: window's end, l: latest hit, p: the hit before}, expiring with
// its window. Times are the calling instance's clock (the throttle compares them with it).
const HIT = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'c', 'r', 'l')
local c, r, l = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])
if not c or not r or r <= now then c = 0; r = now + tonumber(ARGV[2]); l = 0 end
c = c + 1
redis.call('HSET', KEYS[1], 'c', c, 'r', r, 'l', now, 'p', l)
redis.call('PEXPIREAT', KEYS[1], r)
return {c, r, now, l}`;

const UNHIT = `
local v = redis.call('HMGET', KEYS[1], 'c', 'r')
local c, r = tonumber(v[1]), tonumber(v[2])
if not c or not r or r <= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'c', math.max(0, c - 1))
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'l', ARGV[2]) end
return 1`;

/**
 * The sign-in throttles' counters in Redis (the shape lib/rate-limit/counter-store.ts asks for):
 * `hit` and `unhit` are one small Lua script each, so concurrent attempts on several instances
 * count exactly. Keys are HMACs of what they count (an e-mail, an address): Redis holds neither.
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    /** Which counter this is (`sign-in:pairs`, `courier:accounts`…): part of every key. */
    private readonly name: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private key(key: string) {
    return sharedKey(this.secret, `count:${this.name}`, key);
  }

  async get(key: string): Promise<WindowCount | undefined> {
    const [c, r, l, p] = await this.redis.hmget(this.key(key), 'c', 'r', 'l', 'p');
    if (c === null || r === null || Number(r) <= this.now()) return undefined;
    return {
      count: Number(c),
      resetAt: Number(r),
      lastAt: Number(l ?? 0),
      previousAt: Number(p ?? 0),
    };
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, resetAt, lastAt, previousAt] = (await this.redis.eval(
      HIT,
      1,
      this.key(key),
      String(this.now()),
      String(windowMs),
    )) as number[];
    return { count: count!, resetAt: resetAt!, lastAt: lastAt!, previousAt: previousAt! };
  }

  async unhit(key: string, { restoreLastAt }: { restoreLastAt?: number } = {}): Promise<void> {
    await this.redis.eval(
      UNHIT,
      1,
      this.key(key),
      String(this.now()),
      restoreLastAt === undefined ? '' : String(restoreLastAt),
    );
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

/**
 * A shared counter with an in-memory insurance: every call goes to Redis, and to this process's
 * own bounded counter (`insurance`) when Redis fails it. Every change this instance makes is
 * also applied to the insurance, so a Redis hiccup falls back to what this instance has seen (its
 * own attempts, the pairs it marked known) rather than to nothing. During an outage the limits
 * hold per instance (N instances let N times as many attempts through), never off.
 */
export class InsuredCounterStore implements CounterStore {
  constructor(
    private readonly shared: CounterStore,
    private readonly insurance: CounterStore,
    private readonly piece: string,
  ) {}

  get(key: string) {
    return orWhenRedisFails(
      this.piece,
      () => this.shared.get(key),
      () => this.insurance.get(key),
    );
  }

  async hit(key: string, windowMs: number) {
    const mine = await this.insurance.hit(key, windowMs);
    return orWhenRedisFails(
      this.piece,
      () => this.shared.hit(key, windowMs),
      () => mine,
    );
  }

  async unhit(key: string, options?: { restoreLastAt?: number }) {
    await this.insurance.unhit(key, options);
    await orWhenRedisFails(
      this.piece,
      () => this.shared.unhit(key, options),
      () => undefined,
    );
  }

  async delete(key: string) {
    await this.insurance.delete(key);
    await orWhenRedisFails(
      this.piece,
      () => this.shared.delete(key),
      () => undefined,
    );
  }
}
