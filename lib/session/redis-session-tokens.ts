import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CourierToken } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { MemorySessionTokens, renewedAfter, type SessionTokens } from './session-tokens';
import { sharedRedis } from '@/lib/redis/connection';
import { orWhenRedisFails } from '@/lib/redis/fallback';
import { sharedKey } from '@/lib/redis/keys';
import { ValueSealer } from '@/lib/redis/sealed-value';

/**
 * How long one instance may hold a session's renewal before another may take it over: the
 * courier's login may take up to COURIER_TIMEOUT_MS, and storing its token a moment more. A fixed
 * 5 s let a second instance log in beside a first one whose login took 6 s.
 */
const renewalLockMs = () => env.courier.timeoutMs + 1_000;
/** How often an instance waiting on another's renewal looks for its token. */
const WAIT_STEP_MS = 20;

const SET_IF_NEWER = `
local kept = redis.call('GET', KEYS[1])
if kept then
  local at = tonumber(string.match(kept, '^(%d+)|'))
  if at and at >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

const RELEASE_IF_MINE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Each session's newest courier token and its renewal: in this process's memory, or in Redis. */
export function sharedSessionTokens(): SessionTokens {
  const redis = sharedRedis();
  return redis ? new RedisSessionTokens(redis, env.session.secret) : new MemorySessionTokens();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Session tokens shared by every instance: each session's newest courier token (sealed, see
 * sealed-value.ts; expiring with the token) and a renewal lock per session. A session whose token
 * is due renews it once across all instances: the instance that takes the lock logs in and stores
 * the new token; the others wait for that token (polling every 20 ms, within the lock's time)
 * instead of logging in themselves.
 *
 * This process's own layer (`MemorySessionTokens`) stays in front: a token here that is not due
 * is used without asking Redis, and requests of one session in this process share one renewal.
 * When Redis fails, the local layer is all there is: at most one login per session per instance.
 */
export class RedisSessionTokens implements SessionTokens {
  private readonly here = new MemorySessionTokens();
  private readonly sealer: ValueSealer;

  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
  ) {
    this.sealer = new ValueSealer(secret, 'courier tokens in the shared store');
  }

  private tokenKey(sid: string) {
    return sharedKey(this.secret, 'token', sid);
  }
  private lockKey(sid: string) {
    return sharedKey(this.secret, 'renewal', sid);
  }

  async newest(sid: string, { everywhere = false } = {}): Promise<CourierToken | undefined> {
    const local = this.here.newestHere(sid);
    if (local && !everywhere && Date.now() < local.renewAt) return local;
    const shared = await orWhenRedisFails(
      'courier tokens',
      () => this.readShared(sid),
      () => undefined,
    );
    if (shared && (!local || shared.issuedAt > local.issuedAt)) {
      this.here.rememberHere(sid, shared);
      return shared;
    }
    return local;
  }

  async remember(sid: string, token: CourierToken): Promise<void> {
    this.here.rememberHere(sid, token);
    await orWhenRedisFails(
      'courier tokens',
      () => this.writeShared(sid, token),
      () => undefined,
    );
  }

  async forget(sid: string): Promise<void> {
    await this.here.forget(sid);
    await orWhenRedisFails(
      'courier tokens',
      async () => void (await this.redis.del(this.tokenKey(sid))),
      () => undefined,
    );
  }

  renewing(sid: string): boolean {
    return this.here.renewing(sid);
  }

  renewOnce(sid: string, after: number, login: () => Promise<CourierToken>) {
    return this.here.joinOrStart(sid, after, () => this.renewAcrossInstances(sid, after, login));
  }

  private async renewAcrossInstances(
    sid: string,
    after: number,
    login: () => Promise<CourierToken>,
  ): Promise<CourierToken> {
    const mine = randomBytes(12).toString('base64url');
    const lock = this.lockKey(sid);
    const lockMs = renewalLockMs();
    const giveUpAt = Date.now() + lockMs + 500;
    for (;;) {
      // Redis down: this instance renews on its own (one login per instance, not per request).
      const taken = await orWhenRedisFails(
        'token renewal',
        async () => (await this.redis.set(lock, mine, 'PX', lockMs, 'NX')) === 'OK',
        () => undefined,
      );
      if (taken !== false || Date.now() > giveUpAt) {
        try {
          // Another instance may have renewed and let go of the lock since this request found
          // its token due: that token is this request's too.
          const stored = taken ? await this.renewedSince(sid, after) : undefined;
          if (stored) return stored;
          const token = await login();
          await this.remember(sid, token);
          return token;
        } finally {
          if (taken) {
            await orWhenRedisFails(
              'token renewal',
              () => this.redis.eval(RELEASE_IF_MINE, 1, lock, mine),
              () => 0,
            );
          }
        }
      }
      // Another instance is renewing: its token, once stored, is this request's too.
      while (Date.now() <= giveUpAt) {
        await sleep(WAIT_STEP_MS);
        const [stored, holder] = await orWhenRedisFails(
          'token renewal',
          () => Promise.all([this.readShared(sid), this.redis.exists(lock)]),
          () => [undefined, 0] as const,
        );
        if (stored && renewedAfter(stored, after)) {
          this.here.rememberHere(sid, stored);
          return stored;
        }
        // The holder finished without a token (its login failed, or it died): try to take over.
        if (holder === 0) break;
      }
    }
  }

  /** The session's token in Redis if it was issued after `after` and is not yet due itself. */
  private async renewedSince(sid: string, after: number): Promise<CourierToken | undefined> {
    const stored = await orWhenRedisFails(
      'token renewal',
      () => this.readShared(sid),
      () => undefined,
    );
    if (!stored || !renewedAfter(stored, after)) return undefined;
    this.here.rememberHere(sid, stored);
    return stored;
  }

  private async readShared(sid: string): Promise<CourierToken | undefined> {
    const stored = await this.redis.get(this.tokenKey(sid));
    if (!stored) return undefined;
    const [issuedAt, expiresAt, renewAt, sealed] = stored.split('|');
    const value = sealed && this.sealer.open(sealed);
    if (!value) return undefined;
    return {
      value,
      issuedAt: Number(issuedAt),
      expiresAt: Number(expiresAt),
      renewAt: Number(renewAt),
    };
  }

  private async writeShared(sid: string, token: CourierToken): Promise<void> {
    const lifetime = Math.round(token.expiresAt - Date.now());
    if (lifetime <= 0) return;
    const stored = [
      Math.round(token.issuedAt),
      Math.round(token.expiresAt),
      Math.round(token.renewAt),
      this.sealer.seal(token.value),
    ].join('|');
    await this.redis.eval(
      SET_IF_NEWER,
      1,
      this.tokenKey(sid),
      String(Math.round(token.issuedAt)),
      stored,
      String(lifetime),
    );
  }
}
