import 'server-only';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';

export class RedisTimeout extends Error {
  constructor(ms: number) {
    super(`no answer from Redis within ${ms} ms`);
    this.name = 'RedisTimeout';
  }
}

/**
 * `call`, or a RedisTimeout once REDIS_TIMEOUT_MS has passed without its answer. The timer's end
 * gives I/O one turn of the event loop first: an answer that arrived while this instance was busy
 * (a CPU-bound moment, two loaded cores) is still read, so only a Redis that is really slow or
 * gone counts as one — not a busy instance.
 */
export function withinRedisTimeout<T>(call: Promise<T>): Promise<T> {
  const ms = env.sharedState.kind === 'redis' ? env.sharedState.timeoutMs : 50;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new RedisTimeout(ms));
        }),
      ms,
    );
    call.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * What a piece of shared state does when Redis fails a call (down, or no answer within
 * REDIS_TIMEOUT_MS: withinRedisTimeout): `fallback` answers instead, and the failure is noted for /api/health. Each
 * piece chooses its fallback (README, "Running several instances"); none lets a Redis outage stop
 * a quote.
 */
export async function orWhenRedisFails<T>(
  piece: string,
  call: () => Promise<T>,
  fallback: () => T | Promise<T>,
): Promise<T> {
  try {
    return await withinRedisTimeout(call());
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
