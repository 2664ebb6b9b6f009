import 'server-only';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';

/**
 * What a piece of shared state does when Redis fails a call (down, or slower than
 * REDIS_TIMEOUT_MS): `fallback` answers instead, and the failure is noted for /api/health. Each
 * piece chooses its fallback (README, "Running several instances"); none lets a Redis outage stop
 * a quote.
 */
export async function orWhenRedisFails<T>(
  piece: string,
  call: () => Promise<T>,
  fallback: () => T | Promise<T>,
): Promise<T> {
  try {
    const result = await call();
    return result;
  } catch (error) {
    noteRedisFailure(piece, error);
    return fallback();
  }
}

const failures = () =>
  processSingleton('shared-state:failures', () => ({
    lastAt: 0,
    loggedAt: new Map<string, number>(),
  }));

/** A failed call of `piece`, logged at most once per piece every 10 s. */
export function noteRedisFailure(piece: string, error: unknown): void {
  const state = failures();
  const now = Date.now();
  state.lastAt = now;
  if (now - (state.loggedAt.get(piece) ?? 0) < 10_000) return;
  state.loggedAt.set(piece, now);
  log.warn(
    {
      sharedState: 'redis',
      piece,
      failure: error instanceof Error ? error.message.slice(0, 80) : 'unknown',
    },
    'shared store call failed: this instance used its own memory',
  );
}

/** When a call to Redis last failed (epoch ms; 0: never). */
export const lastRedisFailureAt = () => failures().lastAt;
