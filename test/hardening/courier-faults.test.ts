import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppServer } from '../support/app-server';
import type { LegacyCourier, ScriptedAnswer } from '../support/legacy-courier';
import {
  Browser,
  closeAppAndCourier,
  collectLogLines,
  DISPATCHER,
  errorEnvelope,
  LEGACY_CLIENT_SECRET,
  startAppBehindLegacyCourier,
  TEST_SESSION_SECRET,
  type AppAnswer,
} from '../contract/app-fixtures';

/**
 * The dispatch server against a courier that misbehaves at the network level: a closed port, a
 * connection reset in the middle of the answer, a truncated or non-JSON body, an HTML error page,
 * an answer that would take 20 s, a burst of -156. Each gets its documented error code, the
 * server stays up, the next good request works, and no answer or log line gives anything away.
 */

const CLIENT_SECRET = LEGACY_CLIENT_SECRET;
/** Short, so the slow cases stay quick; long enough for a loaded CI machine's normal answers. */
const TIMEOUT_MS = 1_500;

let legacy: LegacyCourier;
let app: AppServer;
const logLines: string[] = [];
let addresses = 0;
const newBrowser = () => new Browser(app.origin, { 'x-forwarded-for': `198.18.0.${++addresses}` });

beforeAll(async () => {
  ({ legacy, app } = await startAppBehindLegacyCourier({
    COURIER_TIMEOUT_MS: String(TIMEOUT_MS),
    LOG_LEVEL: 'debug',
  }));
  await collectLogLines(logLines);
});
afterAll(() => closeAppAndCourier({ app, legacy }));
beforeEach(() => {
  legacy.configure({ expireTokensAfterQuotes: Infinity });
});

/** What must never appear in an answer to the browser. */
function expectNothingLeaks(answer: AppAnswer) {
  const port = new URL(legacy.url).port;
  expect(answer.text).not.toContain(legacy.url);
  expect(answer.text).not.toContain(`:${port}`);
  expect(answer.text).not.toContain('127.0.0.1');
  expect(answer.text).not.toContain(CLIENT_SECRET);
  expect(answer.text).not.toContain(DISPATCHER.password);
  for (const token of legacy.issuedTokens) expect(answer.text).not.toContain(token);
  expect(answer.text).not.toMatch(/\n\s+at |stack|ECONN|UND_ERR|undici|<html|Error:/i);
}

/** The server still answers, and a normal quote of a signed-in dispatcher still works. */
async function expectServerStillWorks(browser: Browser) {
  const health = await browser.request('GET', '/api/health');
  expect(health.status).toBe(200);
  const quote = await browser.quote();
  expect(quote.status).toBe(200);
  expect(quote.json.quote.total).toBe(35);
}

async function signedInBrowser(): Promise<Browser> {
  const browser = newBrowser();
  expect((await browser.signIn()).status).toBe(200);
  return browser;
}

describe('a quote when the courier misbehaves', () => {
  const faults: [string, ScriptedAnswer, number, string][] = [
    [
      'the connection is reset in the middle of the answer',
      { partialBody: '{"code":0,"data":{"total":35.0,"pri', then: 'reset' },
      503,
      'courier_unavailable',
    ],
    [
      'the body ends before its announced length',
      { partialBody: '{"code":0,"data":{"total":35.0,"pri', then: 'close' },
      503,
      'courier_unavailable',
    ],
    [
      'a complete answer holds truncated JSON',
      { status: 200, body: '{"code":0,"data":{"total":35.0,"pri', contentType: 'application/json' },
      502,
      'courier_error',
    ],
    [
      'the body is not JSON at all',
      { status: 200, body: 'OK', contentType: 'application/json' },
      502,
      'courier_error',
    ],
    [
      'the body is JSON but not an object',
      { status: 200, body: '[1,2,3]', contentType: 'application/json' },
      502,
      'courier_error',
    ],
    ['a gateway answers an HTML error page', { html500: true }, 502, 'courier_error'],
    ['the courier would take 20 seconds to answer', { delayMs: 20_000 }, 504, 'courier_timeout'],
    [
      'the head arrives and then the body stalls',
      { partialBody: '{"code":0,', then: 'stall' },
      504,
      'courier_timeout',
    ],
    ['the connection is closed without a word', { hangUp: true }, 503, 'courier_unavailable'],
  ];

  for (const [what, fault, status, code] of faults) {
    it(`${what}: ${status} ${code}, and the server carries on`, async () => {
      const browser = await signedInBrowser();
      legacy.script(fault);
      // A 20 s answer that were waited for would outlast the test's own 20 s timeout.
      const answer = await browser.quote();
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(errorEnvelope(code));
      expectNothingLeaks(answer);
      // A courier fault does not end the dispatcher's session.
      expect(answer.headers.getSetCookie()).toEqual([]);
      await expectServerStillWorks(browser);
    });
  }

  it('a well-formed answer larger than 1 MB: 502 courier_error, and the rest of it is never read', async () => {
    const browser = await signedInBrowser();
    const size = 64 * 1024 * 1024;
    legacy.script({ streamedBytes: size });
    const answer = await browser.quote();
    expect(answer.status).toBe(502);
    expect(answer.json).toEqual(errorEnvelope('courier_error'));
    expectNothingLeaks(answer);
    // The app hangs up after its first megabyte: what the courier got out is that megabyte and
    // what the sockets' buffers held, far from the 64 MB it had to send.
    await legacy.lastStream!.ended;
    expect(legacy.lastStream).toMatchObject({ whole: false });
    expect(legacy.lastStream!.bytesWritten).toBeLessThan(16 * 1024 * 1024);
    await expectServerStillWorks(browser);
  });

  it('the courier’s port is closed (connection refused): 503, then quotes work once it is back', async () => {
    const browser = await signedInBrowser();
    await legacy.stop();
    try {
      const answer = await browser.quote();
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual(errorEnvelope('courier_unavailable'));
      expectNothingLeaks(answer);
      // Health probes the courier at most once per 5 s; within that it must say so.
      let health: AppAnswer | undefined;
      await expect
        .poll(
          async () => {
            health = await browser.request('GET', '/api/health');
            return health.status === 200 && health.json.courier.status;
          },
          { timeout: 8_000, interval: 500 },
        )
        .toBe('down');
      expectNothingLeaks(health!);
    } finally {
      await legacy.restart();
    }
    const quote = await browser.quote();
    expect(quote.status).toBe(200);
  });

  it('ten quotes at once into a reset courier all get 503, and the next ten all succeed', async () => {
    const browser = await signedInBrowser();
    legacy.script(
      ...Array.from({ length: 10 }, () => ({ partialBody: '{"code":0', then: 'reset' as const })),
    );
    const failed = await Promise.all(Array.from({ length: 10 }, () => browser.quote()));
    expect(failed.map((answer) => answer.status)).toEqual(Array(10).fill(503));
    const next = await Promise.all(Array.from({ length: 10 }, () => browser.quote()));
    expect(next.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  });
});

describe('a sign-in when the courier misbehaves', () => {
  const faults: [string, ScriptedAnswer | undefined, number, string][] = [
    ['the port is closed', undefined, 503, 'courier_unavailable'],
    [
      'the connection is reset mid-answer',
      { partialBody: '{"code":0,"token":{"access_', then: 'reset' },
      503,
      'courier_unavailable',
    ],
    ['an HTML error page', { html500: true }, 502, 'courier_error'],
    [
      'a body that is not JSON',
      { status: 200, body: 'Bienvenido', contentType: 'text/plain' },
      502,
      'courier_error',
    ],
    ['a 20-second answer', { delayMs: 20_000 }, 504, 'courier_timeout'],
  ];
  for (const [what, fault, status, code] of faults) {
    it(`${what}: ${status} ${code}, no cookie, and signing in works afterwards`, async () => {
      const browser = newBrowser();
      if (fault) legacy.scriptLogin(fault);
      else await legacy.stop();
      let answer: AppAnswer;
      try {
        answer = await browser.signIn();
      } finally {
        if (!fault) await legacy.restart();
      }
      expect(answer.status).toBe(status);
      expect(answer.json).toEqual(errorEnvelope(code));
      expect(answer.headers.getSetCookie()).toEqual([]);
      expectNothingLeaks(answer);
      expect((await browser.signIn()).status).toBe(200);
      await expectServerStillWorks(browser);
    });
  }
  it('retrying sign-in through a courier outage does not lock the dispatcher out afterwards', async () => {
    const browser = newBrowser();
    await legacy.stop();
    try {
      // More than the five attempts per e-mail that a window allows.
      for (let i = 0; i < 8; i++) expect((await browser.signIn()).status).toBe(503);
    } finally {
      await legacy.restart();
    }
    expect((await browser.signIn()).status).toBe(200);
  });

  it('wrong passwords still count: the sixth one in a row is refused with 429', async () => {
    const email = 'locked.out@example.com';
    legacy.configure({
      accounts: { [email]: 'right-password', [DISPATCHER.email]: DISPATCHER.password },
    });
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await newBrowser().signIn({ email, password: `guess-${i}` })).status);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('a burst of -156 (token expired)', () => {
  it('twenty quotes at once that all meet -156 share one renewal and all succeed', async () => {
    const browser = await signedInBrowser();
    const logins = legacy.logins;
    // The token expires: every quote sent with it meets -156, in whatever order the twenty
    // arrive (twenty scripted -156 answers could be taken by the renewed token's own retry).
    legacy.expireAllTokens();
    const answers = await Promise.all(Array.from({ length: 20 }, () => browser.quote()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(legacy.logins).toBe(logins + 1);
    await expectServerStillWorks(browser);
    expect(legacy.logins).toBe(logins + 1);
  });

  it('a courier that keeps answering -156 ends the session after one renewal, not a login storm', async () => {
    const browser = await signedInBrowser();
    const logins = legacy.logins;
    legacy.configure({ expireTokensAfterQuotes: 0 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => browser.quote()));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([401]));
    for (const answer of answers) {
      expect(answer.json).toEqual(errorEnvelope('session_expired'));
      expectNothingLeaks(answer);
    }
    expect(legacy.logins).toBe(logins + 1);
    expect(browser.cookie).toBeUndefined();

    legacy.configure({ expireTokensAfterQuotes: Infinity });
    expect((await browser.signIn()).status).toBe(200);
    await expectServerStillWorks(browser);
  });
});

describe('the logs after all these faults', () => {
  it('hold no secret, no token, no password and no stack trace', () => {
    expect(logLines.length).toBeGreaterThan(50);
    const all = logLines.join('\n');
    expect(all).not.toContain(CLIENT_SECRET);
    expect(all).not.toContain(Buffer.from(`legacy-client:${CLIENT_SECRET}`).toString('base64'));
    expect(all).not.toContain(DISPATCHER.password);
    expect(all).not.toContain(TEST_SESSION_SECRET);
    for (const token of legacy.issuedTokens) expect(all).not.toContain(token);
    expect(all).not.toMatch(/\\n\s+at /);
    // Courier faults are warnings about the courier, never errors of the app itself.
    const errors = logLines.filter((line) => JSON.parse(line).level >= 50);
    expect(errors).toEqual([]);
  });
});
