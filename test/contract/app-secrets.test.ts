import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import { Browser, DISPATCHER, RECORDED_TRIP, TEST_SESSION_SECRET } from './app-fixtures';

/**
 * Whatever happens in a session — sign-in, a wrong password, quotes, a renewal, courier failures,
 * validation errors, sign-out — no response and no log line carries the API client's secret, a
 * password, a courier token or the session secret.
 */

const CLIENT_SECRET = 'legacy-client-secret-8c1f';
const WRONG_PASSWORD = 'Wrong-Password-4417';

let legacy: LegacyCourier;
let app: AppServer;
const logLines: string[] = [];

beforeAll(async () => {
  legacy = await startLegacyCourier({ expireTokensAfterQuotes: 3 });
  app = await startAppServer({
    COURIER_BASE_URL: legacy.url,
    COURIER_SERVICE: 'off',
    COURIER_CLIENT_ID: 'legacy-client',
    COURIER_CLIENT_SECRET: CLIENT_SECRET,
    COURIER_TIMEOUT_MS: '500',
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'trace',
  });
  // Loaded after the server has set the environment, so the logger takes LOG_LEVEL=trace.
  const { redirectLogs } = await import('@/lib/log');
  redirectLogs({ write: (line) => logLines.push(line) });
});
afterAll(async () => {
  await app.close();
  await legacy.close();
});

describe('secrets stay on the server', () => {
  it('no response or log line carries the client secret, a password, a token or the session secret', async () => {
    const browser = new Browser(app.origin, { 'x-forwarded-for': '198.51.100.7' });
    await browser.signIn({ ...DISPATCHER, password: WRONG_PASSWORD });
    await browser.signIn({ ...DISPATCHER, password: '' });
    await browser.signIn();
    await browser.request('GET', '/api/session');
    for (let i = 0; i < 5; i++) await browser.quote(); // the fourth renews the token
    legacy.script(
      { html500: true },
      { code: -114, message: 'Fuera de cobertura' },
      { delayMs: 2_000 },
    );
    await browser.quote();
    await browser.quote();
    await browser.quote();
    await browser.quote({ ...RECORDED_TRIP, pickup: { ...RECORDED_TRIP.pickup, zipCode: 'x' } });
    await browser.request('GET', '/api/health');
    await browser.request('DELETE', '/api/session');
    await browser.request('POST', '/api/session', {
      body: DISPATCHER,
      headers: { origin: 'https://evil.example' },
    });

    // The flow did what it says, so the absence below means something.
    expect(browser.answers.map((answer) => answer.status)).toEqual([
      401, 400, 200, 200, 200, 200, 200, 200, 200, 502, 422, 504, 400, 200, 204, 403,
    ]);
    expect(legacy.logins).toBe(2);
    expect(logLines.length).toBeGreaterThan(20);
    expect(logLines.some((line) => line.includes('"requestId"'))).toBe(true);

    const basic = Buffer.from(`legacy-client:${CLIENT_SECRET}`).toString('base64');
    const secrets = [
      CLIENT_SECRET,
      basic,
      DISPATCHER.password,
      WRONG_PASSWORD,
      TEST_SESSION_SECRET,
      ...legacy.issuedTokens,
      // Any JWT-shaped text at all, in case a token were logged truncated or re-encoded.
      ...legacy.issuedTokens.map((token) => token.split('.')[2]!.slice(0, 24)),
    ];
    const cookies = browser.answers.flatMap((answer) =>
      answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=')[1]!),
    );
    expect(cookies.filter(Boolean).length).toBeGreaterThanOrEqual(2);

    for (const answer of browser.answers) {
      const headers = JSON.stringify([...answer.headers.entries()]);
      for (const secret of secrets) {
        expect(answer.text).not.toContain(secret);
        expect(headers).not.toContain(secret);
      }
    }
    for (const line of logLines) {
      for (const secret of [...secrets, ...cookies.filter(Boolean)]) {
        expect(line).not.toContain(secret);
      }
    }
  });
});
