import 'server-only';
import { request } from 'undici';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';
import { courierAgent } from './transport';

export interface CourierReachability {
  /** `up`: it answers; `degraded`: it answers with server errors; `down`: no answer. */
  status: 'up' | 'degraded' | 'down';
  /** How long the probe took, when something answered. */
  latencyMs?: number;
  checkedAt: string;
}

/** Health checks may come every second from a load balancer; the courier sees one probe per this. */
const CACHE_MS = 5_000;
const PROBE_TIMEOUT_MS = 2_000;

const state = () =>
  processSingleton('courier-reachability', () => ({
    last: undefined as { at: number; result: CourierReachability } | undefined,
    pending: undefined as Promise<CourierReachability> | undefined,
  }));

async function probe(): Promise<CourierReachability> {
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  try {
    // A plain GET of the base URL: any HTTP answer proves the courier's host is there, and it
    // neither signs in nor spends the courier's login attempts.
    const response = await request(env.courier.baseUrl, {
      method: 'GET',
      dispatcher: courierAgent(),
      signal: AbortSignal.timeout(Math.min(PROBE_TIMEOUT_MS, env.courier.timeoutMs)),
    });
    await response.body.dump();
    const latencyMs = Math.round(performance.now() - started);
    return { status: response.statusCode >= 500 ? 'degraded' : 'up', latencyMs, checkedAt };
  } catch {
    return { status: 'down', checkedAt };
  }
}

/** The courier's reachability, probed at most once per few seconds per process. */
export async function courierReachability(): Promise<CourierReachability> {
  const current = state();
  if (current.last && Date.now() - current.last.at < CACHE_MS) return current.last.result;
  current.pending ??= probe()
    .then((result) => {
      current.last = { at: Date.now(), result };
      return result;
    })
    .finally(() => {
      current.pending = undefined;
    });
  return current.pending;
}
