/**
 * One instance per server process. Next bundles each route (and instrumentation) separately, so a
 * module-level `const` can exist more than once in one process; state that must be shared — a
 * generated secret, a rate limiter, a token cache — lives on globalThis under a well-known key.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as typeof globalThis & { [STORE]?: Map<string, unknown> };
  const map = (store[STORE] ??= new Map<string, unknown>());
  if (!map.has(key)) map.set(key, create());
  return map.get(key) as T;
}

/** Tests only: forget every singleton, as a restarted process would. */
export function resetProcessSingletons(): void {
  (globalThis as typeof globalThis & { [STORE]?: Map<string, unknown> })[STORE]?.clear();
}

const STORE = Symbol.for('dispatch-quote.process-singletons');
