import 'server-only';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The one connection of this process to the shared store (Redis or Valkey), when REDIS_URL is set.
 *
 * Every call is bounded: callers stop waiting after REDIS_TIMEOUT_MS (50 ms by default;
 * fallback.ts), and while the connection is down a call fails at once instead of queueing
 * (`enableOfflineQueue: false`). The callers decide what a failed call means for their piece
 * (./fallback.ts). The client reconnects forever, a second apart at most, so sharing resumes by
 * itself when Redis is back. Neither the URL (it may hold a password) nor a key is ever logged.
 */
export function sharedRedis(): Redis | undefined {
  const config = env.sharedState;
  if (config.kind !== 'redis') return undefined;
  return processSingleton('shared-state:redis', () => connect(config.url, config.timeoutMs));
}

/** Called with every (re)connection: pieces that kept writes aside while Redis was away send them. */
export function onRedisReady(listener: () => void): void {
  sharedRedis()?.on('ready', listener);
}

function connect(url: string, timeoutMs: number): Redis {
  const redis = new Redis(url, {
    // The bound callers wait for is REDIS_TIMEOUT_MS (fallback.ts: withinRedisTimeout); this one
    // only ends calls that would otherwise hang on a connection that went silent.
    commandTimeout: Math.max(250, timeoutMs * 5),
    connectTimeout: Math.max(500, timeoutMs * 10),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * attempt, 1_000),
    // Concurrent requests' calls travel in one write: a quote costs Redis one round trip or two.
    enableAutoPipelining: true,
    connectionName: 'dispatch-quote',
  });
  let lost = false;
  redis.on('ready', () => {
    if (lost) log.warn({ sharedState: 'redis' }, 'shared store reachable again: sharing resumed');
    lost = false;
  });
  redis.on('error', (error: Error & { code?: string }) => {
    if (lost) return;
    lost = true;
    // The message of a connection error names no URL; the code says enough.
    log.error(
      { sharedState: 'redis', code: error.code ?? error.name },
      'shared store unreachable: each instance carries on with its own memory',
    );
  });
  redis.on('end', () => log.warn({ sharedState: 'redis' }, 'shared store connection closed'));
  return redis;
}

/**
 * At start-up: opens the connection and waits up to `waitMs` for it, so that an instance begins
 * with sharing in place. Says how it went; never stops the start (Redis may come later).
 */
export async function connectSharedStore(waitMs = 3_000): Promise<'memory' | 'ready' | 'waiting'> {
  const redis = sharedRedis();
  if (!redis) return 'memory';
  if (redis.status === 'ready') return 'ready';
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  return ready ? 'ready' : 'waiting';
}
