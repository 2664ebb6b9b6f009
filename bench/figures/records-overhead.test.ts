import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnAbout } from './records-overhead.mjs';

/**
 * One local HTTP server standing in for several app instances: each path is an instance, and the
 * server counts what each was sent, in the order the slices reached them.
 */
let server: Server;
let origin: string;
const hits = new Map<string, number>();
const order: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const instance = request.url ?? '';
    hits.set(instance, (hits.get(instance) ?? 0) + 1);
    if (order.at(-1) !== instance) order.push(instance);
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const requestTo = (instance: string) => ({ url: `${origin}/${instance}`, method: 'GET' });

describe('records-overhead: both sides turn about over several instances each', () => {
  it('gives every instance of each side its share of slices, each side first as often as second', async () => {
    hits.clear();
    order.length = 0;
    const result = await turnAbout(
      {
        off: ['off1', 'off2', 'off3'].map(requestTo),
        on: ['on1', 'on2', 'on3'].map(requestTo),
      },
      { connections: 1, seconds: 0.6, slices: 6 },
    );
    // Slices in pairs per instance: off1 on1 | on1 off1 | off2 on2 | on2 off2 | off3 on3 | on3 off3,
    // the same instance's two slices next to each other merging into one run here.
    expect(order).toEqual([
      '/off1',
      '/on1',
      '/off1',
      '/off2',
      '/on2',
      '/off2',
      '/off3',
      '/on3',
      '/off3',
    ]);
    for (const instance of ['off1', 'off2', 'off3', 'on1', 'on2', 'on3']) {
      expect(hits.get(`/${instance}`), instance).toBeGreaterThan(0);
    }
    // Each side pools its instances' answers; each instance is kept apart too.
    for (const side of ['off', 'on'] as const) {
      const byInstance = result.byInstance[side];
      expect(byInstance).toHaveLength(3);
      expect(result[side].requests).toBe(
        byInstance.reduce((sum: number, run: { requests: number }) => sum + run.requests, 0),
      );
      expect(result[side].latencies).toHaveLength(result[side].requests);
    }
  });

  it('refuses slices that the instances cannot share evenly', async () => {
    await expect(
      turnAbout(
        { off: ['a', 'b'].map(requestTo), on: ['c', 'd'].map(requestTo) },
        { connections: 1, seconds: 0.6, slices: 6 },
      ),
    ).rejects.toThrow(/6 slices cannot be shared evenly by 2 instances a side/);
  });
});
