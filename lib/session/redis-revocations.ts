import 'server-only';
import type { Redis } from 'ioredis';
import { env } from '@/lib/env';
import type { FileRevocationStore, RevocationStore, SessionRef } from './revocations';
import { onRedisReady, sharedRedis } from '@/lib/redis/connection';
import { orWhenRedisFails } from '@/lib/redis/fallback';
import { sharedKey } from '@/lib/redis/keys';

/**
 * The sign-out list in Redis: one key per signed-out session and one per account signed out
 * everywhere (holding the moment before which its sessions are refused), each expiring when the
 * cookies it refuses would have expired anyway. A sign-out on one instance refuses the cookie on
 * every other at its next request.
 */
export class RedisRevocationStore implements RevocationStore {
  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
  ) {}

  private sessionKey(sid: string) {
    return sharedKey(this.secret, 'signout:session', sid);
  }
  private accountKey(account: string) {
    return sharedKey(this.secret, 'signout:account', account);
  }

  async isRevoked({ sid, account, startedAt }: SessionRef): Promise<boolean> {
    const [single, before] = await this.redis.mget(this.sessionKey(sid), this.accountKey(account));
    return single !== null || (before !== null && startedAt <= Number(before));
  }

  async revokeSession({ sid }: SessionRef, until: number): Promise<void> {
    await this.redis.set(this.sessionKey(sid), '1', 'PXAT', Math.round(until));
  }

  async revokeAccount(account: string, at: number, until: number): Promise<void> {
    // The later of two sign-outs everywhere wins, and the key lives as long as the longer one.
    await this.redis.eval(
      `local kept = tonumber(redis.call('GET', KEYS[1]) or '0')
       local keptUntil = redis.call('PEXPIRETIME', KEYS[1])
       local before = math.max(kept, tonumber(ARGV[1]))
       local untilAt = math.max(keptUntil, tonumber(ARGV[2]))
       redis.call('SET', KEYS[1], before, 'PXAT', untilAt)
       return 1`,
      1,
      this.accountKey(account),
      String(Math.round(at)),
      String(Math.round(until)),
    );
  }
}

type PendingWrite =
  | { kind: 'session'; session: SessionRef; until: number }
  | { kind: 'account'; account: string; at: number; until: number };

/** Sign-outs kept aside while Redis was away, at most; beyond, the oldest are dropped. */
const MAX_PENDING = 10_000;
/** Sign-outs written back at once when Redis returns. */
const REFILL_BATCH = 500;

/**
 * Several instances' sign-out list: every sign-out is written to this instance's own list
 * (`local`: memory and DATA_DIR, as with one instance) and to Redis. A cookie is refused when
 * either says so.
 *
 * When Redis fails: a check answers from the local list alone (this instance's own sign-outs
 * still hold; another instance's made during the outage are not seen until Redis is back), so
 * dispatchers keep quoting rather than all being signed out. A sign-out made during the outage is
 * kept aside and written to Redis as soon as it is back, so the other instances then refuse it too.
 *
 * Whenever the connection is (re)made, the instance writes every sign-out of its own list still
 * in force back to Redis: a Redis that restarted empty (no persistence) is refilled by the
 * instances that took the sign-outs.
 */
export class SharedRevocationStore implements RevocationStore {
  private pending: PendingWrite[] = [];

  constructor(
    private readonly local: FileRevocationStore,
    private readonly shared: RedisRevocationStore,
  ) {
    onRedisReady(() => void this.refill());
  }

  async isRevoked(session: SessionRef): Promise<boolean> {
    if (await this.local.isRevoked(session)) return true;
    return orWhenRedisFails(
      'sign-outs',
      () => this.shared.isRevoked(session),
      () => false,
    );
  }

  async revokeSession(session: SessionRef, until: number): Promise<void> {
    await this.local.revokeSession(session, until);
    await this.write({ kind: 'session', session, until });
  }

  async revokeAccount(account: string, at: number, until: number): Promise<void> {
    await this.local.revokeAccount(account, at, until);
    await this.write({ kind: 'account', account, at, until });
  }

  private async write(change: PendingWrite): Promise<void> {
    await orWhenRedisFails(
      'sign-outs',
      () => this.send(change),
      () => {
        this.pending.push(change);
        if (this.pending.length > MAX_PENDING) this.pending.shift();
      },
    );
  }

  private send(change: PendingWrite): Promise<void> {
    return change.kind === 'session'
      ? this.shared.revokeSession(change.session, change.until)
      : this.shared.revokeAccount(change.account, change.at, change.until);
  }

  /** Writes this instance's sign-outs in force to Redis (those kept aside included). */
  private async refill(): Promise<void> {
    this.pending = [];
    const { sessions, accounts } = await this.local.live();
    const changes: PendingWrite[] = [
      ...accounts.map((entry) => ({ kind: 'account' as const, ...entry })),
      ...sessions.map((entry) => ({ kind: 'session' as const, ...entry })),
    ];
    for (let start = 0; start < changes.length; start += REFILL_BATCH) {
      await Promise.all(
        changes.slice(start, start + REFILL_BATCH).map((change) => this.write(change)),
      );
    }
  }
}

/** Sign-outs: the local list always (memory + DATA_DIR), and Redis beside it when there is one. */
export function sharedRevocations(local: FileRevocationStore): RevocationStore {
  const redis = sharedRedis();
  if (!redis) return local;
  return new SharedRevocationStore(local, new RedisRevocationStore(redis, env.session.secret));
}
