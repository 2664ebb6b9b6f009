import 'server-only';
import { withinRedisTimeout } from './fallback';
import { sharedRedis } from './connection';

export type SharedStoreHealth =
  | { kind: 'memory'; status: 'up' }
  /** `degraded`: Redis is down or slow, so each instance keeps to its own memory meanwhile. */
  | { kind: 'redis'; status: 'up' | 'degraded'; latencyMs?: number };

/** Whether the shared store answers now, within REDIS_TIMEOUT_MS (one PING). */
export async function sharedStoreHealth(): Promise<SharedStoreHealth> {
  const redis = sharedRedis();
  if (!redis) return { kind: 'memory', status: 'up' };
  if (redis.status !== 'ready') return { kind: 'redis', status: 'degraded' };
  const started = performance.now();
  try {
    await withinRedisTimeout(redis.ping());
    return { kind: 'redis', status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { kind: 'redis', status: 'degraded' };
  }
}
