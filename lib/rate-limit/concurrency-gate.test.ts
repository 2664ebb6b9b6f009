import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, GateFull } from './concurrency-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('a gate for expensive work', () => {
  it('runs at most `concurrency` at once, queues a few, and refuses the rest at once', async () => {
    const gate = new ConcurrencyGate({ concurrency: 2, queue: 3, priorityQueue: 1 });
    let running = 0;
    let most = 0;
    const release = deferred();
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await release.promise;
      running -= 1;
      return 'checked';
    };
    const outcomes = Array.from({ length: 10 }, () =>
      gate.run(work).then(
        (value) => value,
        (error: unknown) => (error instanceof GateFull ? 'refused' : 'other'),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.busy).toEqual({ running: 2, waiting: 3 });
    release.resolve();
    const results = await Promise.all(outcomes);
    expect(results.filter((result) => result === 'checked')).toHaveLength(5);
    expect(results.filter((result) => result === 'refused')).toHaveLength(5);
    expect(most).toBe(2);
    expect(gate.busy).toEqual({ running: 0, waiting: 0 });
  });

  it('priority work waits in a queue of its own and goes first', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, queue: 1, priorityQueue: 2 });
    const release = deferred();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await release.promise;
    };
    const first = gate.run(job('first'));
    const ordinary = gate.run(job('ordinary'));
    const refused = gate.run(job('refused')).catch((error: unknown) => error);
    const known = gate.run(job('known'), { priority: true });
    release.resolve();
    await Promise.all([first, ordinary, known]);
    expect(await refused).toBeInstanceOf(GateFull);
    expect(order).toEqual(['first', 'known', 'ordinary']);
  });

  it('a failing piece of work frees its place', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, queue: 0, priorityQueue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow();
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });
});
