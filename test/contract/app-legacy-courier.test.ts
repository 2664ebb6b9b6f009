import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDED_LEG, RECORDED_QUOTE_FIGURES } from '../fixtures/recorded-quote';
import recordedTripWire from '../fixtures/recorded-trip-wire.json';
import type { AppServer } from '../support/app-server';
import type { LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  closeAppAndCourier,
  DISPATCHER,
  errorEnvelope,
  GUADALAJARA_CENTRO,
  newLoopbackAddress,
  RECORDED_TRIP,
  startAppBehindLegacyCourier,
} from './app-fixtures';

/**
 * The dispatch app's routes against a stand-in of the real legacy courier: HTTP 200 errors with
 * Spanish messages, RS256 tokens with Mexico City expiry times, early -156 expiries, -193 for an
 * unknown e-mail, and (when asked) one live token per account, revoked at the account's next login.
 */

let legacy: LegacyCourier;
let app: AppServer;
let addresses = 0;
/** Each browser signs in from its own address, so sign-in limits of one test never touch another. */
const newBrowser = () => new Browser(app.origin, { 'x-forwarded-for': `203.0.113.${++addresses}` });

/**
 * A browser that keeps the cookie of its sign-in and never stores a renewed one, as a request in
 * flight when the renewed cookie arrived, a second tab, or a browser that drops cookies would.
 */
class BrowserKeepingItsFirstCookie extends Browser {
  override async request(...args: Parameters<Browser['request']>) {
    const signedIn = this.cookie;
    const answer = await super.request(...args);
    if (signedIn !== undefined) this.cookie = signedIn;
    return answer;
  }
}
const newForgetfulBrowser = () =>
  new BrowserKeepingItsFirstCookie(app.origin, { 'x-forwarded-for': `203.0.113.${++addresses}` });

beforeAll(async () => {
  ({ legacy, app } = await startAppBehindLegacyCourier({
    // Long enough for a burst of 50 quotes with a renewal in this one process at CI's peak: at 1 s,
    // a clean clone once answered all 50 with courier_timeout (load ~10); at 3 s, 9 of 50
    // (2026-12-02, another VM of the same size). The slow-courier test's courier stalls longer.
    COURIER_TIMEOUT_MS: '10000',
    SESSION_MAX_AGE: '12h',
  }));
});
afterAll(() => closeAppAndCourier({ app, legacy }));
afterEach(() => {
  vi.useRealTimers();
  legacy.configure({
    loginShape: 'full',
    tokenFormat: 'jwt',
    expireTokensAfterQuotes: Infinity,
    revokeOnLogin: false,
  });
});

describe('signing in through the legacy courier', () => {
  it('a dispatcher signs in and gets an httpOnly, SameSite=Lax session cookie for the shift', async () => {
    const browser = newBrowser();
    const answer = await browser.signIn();
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      user: { email: DISPATCHER.email, name: 'Dulce Ramírez', zone: 'cdmx' },
    });
    const [cookie] = answer.headers.getSetCookie();
    expect(cookie).toMatch(/^dq_session=Fe26\.2\*/);
    expect(cookie).toMatch(/; Path=\/; Max-Age=43(199|200); HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);

    const who = await browser.request('GET', '/api/session');
    expect(who.status).toBe(200);
    expect(who.json.user.email).toBe(DISPATCHER.email);
  });

  it('the courier receives HTTP Basic client credentials and data.systemRequest', async () => {
    await newBrowser().signIn();
    expect(legacy.lastLogin?.headers.authorization).toBe(
      `Basic ${Buffer.from('legacy-client:legacy-client-secret-8c1f').toString('base64')}`,
    );
    expect(legacy.lastLogin?.body).toEqual({
      data: { systemRequest: { user: DISPATCHER.email, password: DISPATCHER.password } },
    });
  });

  it('a wrong password is refused as invalid credentials, and tried only once', async () => {
    const attempts = legacy.loginAttempts;
    const answer = await newBrowser().signIn({ ...DISPATCHER, password: 'wrong' });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(errorEnvelope('invalid_credentials'));
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(legacy.loginAttempts).toBe(attempts + 1);
  });

  it('the legacy courier’s -193 for an unknown e-mail is 401 invalid_credentials, the screen’s wrong-password message', async () => {
    const attempts = legacy.loginAttempts;
    const answer = await newBrowser().signIn({ email: 'nobody@example.com', password: 'x' });
    expect(legacy.loginAttempts).toBe(attempts + 1);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      error: { code: 'invalid_credentials', message: 'The e-mail or the password is not correct.' },
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('an e-mail the courier does not know is refused exactly like a wrong password', async () => {
    const wrongPassword = await newBrowser().signIn({ ...DISPATCHER, password: 'wrong' });
    const unknown = await newBrowser().signIn({ email: 'nobody@example.com', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrongPassword.json);
  });

  it('a client secret the courier does not accept is the app’s fault, not the dispatcher’s', async () => {
    legacy.configure({ clientSecret: 'rotated-at-the-courier' });
    try {
      const answer = await newBrowser().signIn();
      expect(answer.status).toBe(502);
      expect(answer.json).toEqual(errorEnvelope('courier_error'));
    } finally {
      legacy.configure({ clientSecret: 'legacy-client-secret-8c1f' });
    }
  });

  it('a login answer with nothing but an access token still signs the dispatcher in', async () => {
    legacy.configure({ loginShape: 'accessTokenOnly', tokenFormat: 'opaque' });
    const browser = newBrowser();
    expect((await browser.signIn()).status).toBe(200);
    const quote = await browser.quote();
    expect(quote.status).toBe(200);
  });

  it('without a session, who-am-I and quotes answer 401 unauthenticated', async () => {
    const browser = newBrowser();
    const who = await browser.request('GET', '/api/session');
    expect(who.status).toBe(401);
    expect(who.json).toEqual(errorEnvelope('unauthenticated'));
    const quote = await browser.quote();
    expect(quote.json).toEqual(errorEnvelope('unauthenticated'));
  });

  it('a forged or tampered cookie signs nobody in and is removed', async () => {
    const browser = newBrowser();
    await browser.signIn();
    browser.cookie = `${browser.cookie!.slice(0, -6)}AAAAAA`;
    const who = await browser.request('GET', '/api/session');
    expect(who.status).toBe(401);
    expect(who.json).toEqual(errorEnvelope('unauthenticated'));
    expect(who.headers.getSetCookie()[0]).toMatch(/^dq_session=; .*Max-Age=0/);
  });

  it('signing out ends the session, even for a copy of the old cookie', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const copy = browser.cookie;
    const out = await browser.request('DELETE', '/api/session');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^dq_session=; .*Max-Age=0/);
    expect(browser.cookie).toBeUndefined();
    browser.cookie = copy;
    expect((await browser.request('GET', '/api/session')).status).toBe(401);
  });

  it('signing in again replaces the previous session', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const previous = browser.cookie;
    await browser.signIn();
    expect(browser.cookie).not.toBe(previous);
    expect((await browser.request('GET', '/api/session')).status).toBe(200);
    browser.cookie = previous;
    expect((await browser.request('GET', '/api/session')).status).toBe(401);
  });

  it('the courier sees the request id of the app’s request', async () => {
    await newBrowser().signIn();
    expect(legacy.lastLogin?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('after SESSION_MAX_AGE the dispatcher is asked to sign in again', async () => {
    const browser = newBrowser();
    await browser.signIn();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 12 * 3600_000 + 1000 });
    const quote = await browser.quote();
    expect(quote.status).toBe(401);
    expect(quote.json).toEqual(errorEnvelope('session_expired'));
    expect(browser.cookie).toBeUndefined();
  });
});

describe('quoting through the legacy courier', () => {
  it('the recorded trip is quoted: 35.00 MXN, 28 minutes, 1.58 km, by bicycle in cdmx', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const answer = await browser.quote();
    expect(answer.status).toBe(200);
    expect(answer.json.quote).toEqual({
      ...RECORDED_QUOTE_FIGURES,
      zone: { id: 1, name: 'cdmx', description: 'CDMX|MÉX.|MOR.|HGO.' },
      packageType: { id: 1, name: 'Sobre' },
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      legs: [RECORDED_LEG],
    });
  });

  it('the courier receives the pickup first, numbers as the API shows them, the token header', async () => {
    const browser = newBrowser();
    await browser.signIn();
    await browser.quote({
      ...RECORDED_TRIP,
      dropoff: { ...RECORDED_TRIP.dropoff, exteriorNumber: '180-B' },
    });
    const sent = legacy.lastQuotation!;
    expect(sent.headers.token).toBe(legacy.issuedTokens.at(-1));
    expect(sent.headers.authorization).toBeUndefined();
    const expected = structuredClone(recordedTripWire);
    // Not plain digits: the exterior number stays text on the wire.
    (
      expected.data.bOrder.orderAddresses[1]!.address as { externalNumber: unknown }
    ).externalNumber = '180-B';
    expect(sent.body).toEqual(expected);
  });

  it('an expired token (-156) is renewed once and the quote still succeeds', async () => {
    legacy.configure({ expireTokensAfterQuotes: 2 });
    const browser = newBrowser();
    await browser.signIn();
    const logins = legacy.logins;
    expect((await browser.quote()).status).toBe(200);
    expect((await browser.quote()).status).toBe(200);
    const cookieBefore = browser.cookie;

    const renewed = await browser.quote();
    expect(renewed.status).toBe(200);
    expect(renewed.json.quote.total).toBe(35);
    expect(legacy.logins).toBe(logins + 1);
    // The browser gets the session with the new token; the dispatcher noticed nothing.
    expect(renewed.headers.getSetCookie()).toHaveLength(1);
    expect(browser.cookie).not.toBe(cookieBefore);
    expect((await browser.quote()).status).toBe(200);
    expect(legacy.logins).toBe(logins + 1);
  });

  it('a renewal names to the courier the address the dispatcher signed in from, as the sign-in did', async () => {
    legacy.configure({ expireTokensAfterQuotes: 1 });
    const signedInFrom = newLoopbackAddress();
    const browser = new Browser(app.origin, {}, signedInFrom);
    await browser.signIn();
    expect(legacy.lastLogin?.headers['x-end-user-address']).toBe(signedInFrom);
    expect(legacy.lastLogin?.headers['x-forwarded-for']).toBe(signedInFrom);
    expect((await browser.quote()).status).toBe(200);
    // The same session from another network (a tablet that left the office Wi-Fi).
    const elsewhere = new Browser(app.origin, {}, newLoopbackAddress());
    elsewhere.cookie = browser.cookie;
    const logins = legacy.logins;
    expect((await elsewhere.quote()).status).toBe(200);
    expect(legacy.logins).toBe(logins + 1);
    expect(legacy.lastLogin?.headers['x-end-user-address']).toBe(signedInFrom);
  });

  it('a token the courier rejects again right after renewal ends the session', async () => {
    legacy.configure({ expireTokensAfterQuotes: 0 });
    const browser = newBrowser();
    await browser.signIn();
    const logins = legacy.logins;
    const answer = await browser.quote();
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(errorEnvelope('session_expired'));
    expect(legacy.logins).toBe(logins + 1);
    expect(browser.cookie).toBeUndefined();
  });

  it('a token is renewed a little before its expires_in, without waiting for a -156', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const logins = legacy.logins;
    const quotations = legacy.quotations;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 59.5 * 60_000 });
    expect((await browser.quote()).status).toBe(200);
    expect(legacy.logins).toBe(logins + 1);
    // One quotation only: the stale token was never sent.
    expect(legacy.quotations).toBe(quotations + 1);
  });

  it.each([
    [
      { code: -114, message: 'El punto de recolección esta fuera de cobertura' },
      422,
      'pickup_out_of_coverage',
    ],
    [
      { code: -113, message: 'El punto de entrega esta fuera de cobertura' },
      422,
      'dropoff_out_of_coverage',
    ],
    [{ code: -160, message: 'Servicio no disponible' }, 503, 'courier_unavailable'],
    [{ html500: true as const }, 502, 'courier_error'],
    [{ status: 503, body: 'Service Unavailable' }, 503, 'courier_unavailable'],
    [
      { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' },
      502,
      'courier_error',
    ],
    [
      { status: 200, body: '{"code":0,"data":{"total":"n/a"}}', contentType: 'application/json' },
      502,
      'courier_error',
    ],
    [{ hangUp: true as const }, 503, 'courier_unavailable'],
  ])('the courier answering %o gives %i %s', async (scripted, status, code) => {
    const browser = newBrowser();
    await browser.signIn();
    legacy.script(scripted);
    const answer = await browser.quote();
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual(errorEnvelope(code));
    expect(answer.text).not.toMatch(/<html|stack|at \//i);
  });

  it('another refusal of the courier is passed on as courier_rejected with its own words', async () => {
    const browser = newBrowser();
    await browser.signIn();
    legacy.script({ code: -111, message: 'Direcciones invalidas' });
    const answer = await browser.quote();
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      error: { code: 'courier_rejected', message: 'Direcciones invalidas' },
    });
  });

  it('a pickup outside the courier’s coverage is reported as such', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const answer = await browser.quote({ ...RECORDED_TRIP, pickup: GUADALAJARA_CENTRO });
    expect(answer.json).toEqual(errorEnvelope('pickup_out_of_coverage'));
  });

  it('a courier slower than COURIER_TIMEOUT_MS gives 504 courier_timeout', async () => {
    const browser = newBrowser();
    await browser.signIn();
    legacy.script({ delayMs: 12_000 });
    const answer = await browser.quote();
    expect(answer.status).toBe(504);
    expect(answer.json).toEqual(errorEnvelope('courier_timeout'));
  });
});

describe('courier logins stay amortised', () => {
  it('many quotes, one after another or all at once, cost one login per token lifetime', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const logins = legacy.logins;

    for (let i = 0; i < 20; i++) expect((await browser.quote()).status).toBe(200);
    const together = await Promise.all(Array.from({ length: 50 }, () => browser.quote()));
    expect(together.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(legacy.logins).toBe(logins);

    // The token expires: 50 quotes at once share one renewal.
    legacy.expireAllTokens();
    const cookieWithOldToken = browser.cookie;
    const renewed = await Promise.all(Array.from({ length: 50 }, () => browser.quote()));
    expect(renewed.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(legacy.logins).toBe(logins + 1);

    // Requests still carrying the old cookie use the renewed token instead of signing in again.
    browser.cookie = cookieWithOldToken;
    const late = await Promise.all(Array.from({ length: 20 }, () => browser.quote()));
    expect(late.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(legacy.logins).toBe(logins + 1);
  });

  it('when the token’s lifetime runs out, 50 concurrent quotes sign in to the courier once', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const logins = legacy.logins;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => browser.quote()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(legacy.logins).toBe(logins + 1);
    for (let i = 0; i < 30; i++) await browser.quote();
    expect(legacy.logins).toBe(logins + 1);
  });

  it('two dispatchers’ sessions renew their own tokens', async () => {
    const first = newBrowser();
    const second = newBrowser();
    await first.signIn();
    await second.signIn();
    const logins = legacy.logins;
    legacy.expireAllTokens();
    await Promise.all([first.quote(), second.quote(), first.quote(), second.quote()]);
    expect(legacy.logins).toBe(logins + 2);
  });
});

describe('one courier account shared, at a courier that keeps one live token per account', () => {
  /** Frozen: every token of a test is issued in the same minute, so expires_in cannot order them. */
  const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  beforeEach(() => legacy.configure({ revokeOnLogin: true }));

  /** Two dispatchers signed in with the same courier account: the second login revoked the first. */
  async function twoSessionsOfOneAccount(browser: () => Browser) {
    const first = browser();
    const second = browser();
    expect((await first.signIn()).status).toBe(200);
    expect((await second.signIn()).status).toBe(200);
    return [first, second] as const;
  }

  async function quoteInTurns(first: Browser, second: Browser, rounds: number) {
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round++) {
      statuses.push((await first.quote()).status, (await second.quote()).status);
    }
    return statuses;
  }

  it.each([
    ['that store renewed cookies', newBrowser],
    ['that never store a renewed cookie', newForgetfulBrowser],
  ])(
    'two sessions of one account quoting in turns, browsers %s: 20 quotes each, no session ends, one login per rejection',
    async (_kind, browser) => {
      freezeClock();
      const [first, second] = await twoSessionsOfOneAccount(browser);
      const logins = legacy.logins;
      const rejections = legacy.tokenRejections;

      const statuses = await quoteInTurns(first, second, 20);

      expect(statuses).toEqual(Array(40).fill(200));
      // Each login revokes the other session's token: every quote finds its token revoked once,
      // and one login replaces it. The newest token is tried first (a session's tokens are told
      // apart by issue order, not by expires_in), so no quote meets a second rejection.
      expect(legacy.tokenRejections - rejections).toBe(40);
      expect(legacy.logins - logins).toBe(40);
    },
  );

  /** Another system logs in with the same courier account: at this courier, that revokes ours. */
  async function anotherSystemLogsIn() {
    const basic = Buffer.from('legacy-client:legacy-client-secret-8c1f').toString('base64');
    const answer = await fetch(`${legacy.url}/api/login/loginClient/json/web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${basic}` },
      body: JSON.stringify({
        data: { systemRequest: { user: DISPATCHER.email, password: DISPATCHER.password } },
      }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(0);
  }

  it.each([
    ['its token expires', () => legacy.expireAllTokens()],
    ['another system logs in with the same account', anotherSystemLogsIn],
  ])(
    'a browser that never stores a renewed cookie goes through 10 renewals without a failure: %s',
    async (_cause, invalidateToken) => {
      freezeClock();
      const browser = newForgetfulBrowser();
      await browser.signIn();
      const signedInCookie = browser.cookie;
      const logins = legacy.logins;
      const rejections = legacy.tokenRejections;
      let otherLogins = 0;
      for (let renewal = 1; renewal <= 10; renewal++) {
        const before = legacy.logins;
        await invalidateToken();
        otherLogins += legacy.logins - before;
        const renewed = await browser.quote();
        expect(renewed.status, renewed.text).toBe(200);
        // The browser was sent the renewed cookie and did not keep it.
        expect(renewed.headers.getSetCookie()).toHaveLength(1);
        expect(browser.cookie).toBe(signedInCookie);
        expect((await browser.quote()).status).toBe(200);
      }
      expect(legacy.logins - logins - otherLogins).toBe(10);
      expect(legacy.tokenRejections - rejections).toBe(10);
    },
  );

  it('a token the server kept and the courier refuses too costs one more login, not the session', async () => {
    const [first, second] = await twoSessionsOfOneAccount(newBrowser);
    // The first session's quote leaves with its sign-in token (revoked by the second sign-in) and
    // is held at the courier until released.
    let release!: () => void;
    legacy.script({ until: new Promise<void>((resolve) => (release = resolve)) });
    const quotations = legacy.quotations;
    const held = first.quote();
    await vi.waitFor(() => expect(legacy.quotations).toBe(quotations + 1));
    // Meanwhile the first session renews (another quote), and the second session's renewal revokes
    // the token the server now keeps for the first.
    expect((await first.quote()).status).toBe(200);
    expect((await second.quote()).status).toBe(200);
    const logins = legacy.logins;
    release();
    // The held quote is refused; the kept token, issued after it, is tried and refused too; one
    // login later the quote goes through.
    const answer = await held;
    expect(answer.status, answer.text).toBe(200);
    expect(legacy.logins - logins).toBe(1);
  });

  it('20 quotes at once of a session whose token was revoked share one login', async () => {
    const [first] = await twoSessionsOfOneAccount(newBrowser);
    const logins = legacy.logins;
    const answers = await Promise.all(Array.from({ length: 20 }, () => first.quote()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(legacy.logins - logins).toBe(1);
  });

  it('a password changed at the courier ends the session at the next renewal', async () => {
    const [first] = await twoSessionsOfOneAccount(newBrowser);
    legacy.configure({ accounts: { [DISPATCHER.email]: 'changed-at-the-courier' } });
    try {
      const answer = await first.quote();
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(errorEnvelope('session_expired'));
      expect(first.cookie).toBeUndefined();
    } finally {
      legacy.configure({ accounts: { [DISPATCHER.email]: DISPATCHER.password } });
    }
  });
});
