import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, DISPATCHER, TEST_SESSION_SECRET } from './app-fixtures';

/** A courier that cannot be reached: the app still answers, and says what is wrong. */

let app: AppServer;
let deadPort: number;

beforeAll(async () => {
  // A port that was just free: nothing listens there.
  deadPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  app = await startAppServer({
    COURIER_BASE_URL: `http://user:hunter2@127.0.0.1:${deadPort}/courier`,
    COURIER_SERVICE: 'off',
    COURIER_CLIENT_ID: 'legacy-client',
    COURIER_CLIENT_SECRET: 'legacy-client-secret-8c1f',
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
});
afterAll(() => app.close());

describe('a courier that cannot be reached', () => {
  it('health still answers 200 and reports the courier down, without naming it', async () => {
    const answer = await new Browser(app.origin).request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: 'ok',
      courier: { builtin: false, status: 'down', checkedAt: expect.any(String) },
      // One instance, no REDIS_URL: nothing shared, nothing to be down.
      store: { kind: 'memory', status: 'up' },
      // Nothing configured: quote records in the embedded database, which answers.
      database: { kind: 'embedded', status: 'up', latencyMs: expect.any(Number) },
    });
    expect(answer.text).not.toMatch(/hunter2|127\.0\.0\.1|courier\//);
  });

  it('sign-in answers 503 courier_unavailable', async () => {
    const answer = await new Browser(app.origin).signIn(DISPATCHER);
    expect(answer.status).toBe(503);
    expect(answer.json.error.code).toBe('courier_unavailable');
    expect(answer.text).not.toContain(String(deadPort));
  });
});
