import 'server-only';
import { request } from 'undici';
import { LOGIN_PATH } from '@/lib/courier-api/wire';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';
import { courierAgent } from './transport';

export interface CourierReachability {
  /**
   * `up`: its API answers; `degraded`: it answers with server errors; `down`: no answer, or no
   * courier API at that address (404).
   */
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
    // A GET of the login path: a courier refuses it (405) or answers it, which proves its API is
    // at this address, without signing in or spending a login attempt. A 404 means some other
    // server answers there (a wrong COURIER_BASE_URL), not the courier.
    const response = await request(`${env.courier.baseUrl}${LOGIN_PATH}`, {
      method: 'GET',
      dispatcher: courierAgent(),
      signal: AbortSignal.timeout(Math.min(PROBE_TIMEOUT_MS, env.courier.timeoutMs)),
    });
    await response.body.dump();
    if (response.statusCode === 404) return { status: 'down', checkedAt };
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
