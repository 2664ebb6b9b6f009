import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counter-store';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

describe('per-key counters in memory', () => {
  it('counts hits per key in a window that starts at the first and ends on time', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore({ capacity: 64, now: () => now });
    expect(await store.get('ana@example.com')).toBeUndefined();
    expect(await store.hit('ana@example.com', 60_000)).toEqual({
      count: 1,
      resetAt: 1_060_000,
      lastAt: 1_000_000,
      previousAt: 0,
    });
    now += 5_000;
    expect(await store.hit('ana@example.com', 60_000)).toMatchObject({
      count: 2,
      lastAt: 1_005_000,
      previousAt: 1_000_000,
    });
    expect((await store.get('beto@example.com')) ?? 'none').toBe('none');
    now = 1_060_000;
    expect(await store.get('ana@example.com')).toBeUndefined();
    expect((await store.hit('ana@example.com', 60_000)).count).toBe(1);
  });

  it('takes a hit back, and forgets a key', async () => {
    const store = new MemoryCounterStore({ capacity: 64 });
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    await store.unhit('k');
    expect((await store.get('k'))?.count).toBe(1);
    await store.delete('k');
    expect(await store.get('k')).toBeUndefined();
  });

  it('holds at most its capacity, whatever the number of keys: the oldest windows give way', async () => {
    let now = 0;
    const store = new MemoryCounterStore({ capacity: 1024, now: () => now });
    for (let i = 0; i < 50_000; i++) {
      now += 1;
      await store.hit(`sprayed-${i}@example.com`, 3_600_000);
    }
    expect(store.capacity).toBe(1024);
    expect(store.size).toBeLessThanOrEqual(1024);
    // The newest keys are still counted.
    expect((await store.get('sprayed-49999@example.com'))?.count).toBe(1);
  });

  it('memory does not grow with the number of keys: 200,000 new keys add under 1 MB of live heap', async () => {
    const store = new MemoryCounterStore({ capacity: 65_536 });
    for (let i = 0; i < 1_000; i++) await store.hit(`warm-${i}`, 3_600_000);
    const before = liveHeap();
    for (let i = 0; i < 200_000; i++) await store.hit(`key-${i}@example.com\n10.0.${i}`, 3_600_000);
    expect(liveHeap() - before).toBeLessThan(1024 * 1024);
    expect(store.size).toBeLessThanOrEqual(65_536);
  });
});
