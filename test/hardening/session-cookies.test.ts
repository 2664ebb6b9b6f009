import { sealData, unsealData } from 'iron-session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { freshDataDir, startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  DISPATCHER,
  errorEnvelope,
  TEST_SESSION_SECRET,
  type AppAnswer,
} from '../contract/app-fixtures';

/**
 * The session cookie under attack: tampered, forged, foreign, sealed with a secret since rotated,
 * or copied before sign-out. Each is refused with 401 and cleared from the browser, and the
 * courier never hears of it.
 */

const CLIENT_SECRET = 'legacy-client-secret-8c1f';
const ROTATED_SECRET = 'the-new-session-secret-after-rotation-0123456789';

let legacy: LegacyCourier;
let app: AppServer;
let addresses = 0;
const newBrowser = () => new Browser(app.origin, { 'x-forwarded-for': `198.19.0.${++addresses}` });

/** Sign-outs are kept here; a restart keeps the same directory, as a restarted server would. */
const dataDir = freshDataDir();

const appEnv = (secret: string) => ({
  DATA_DIR: dataDir,
  COURIER_BASE_URL: legacy.url,
  COURIER_SERVICE: 'off',
  COURIER_CLIENT_ID: 'legacy-client',
  COURIER_CLIENT_SECRET: CLIENT_SECRET,
  COURIER_TIMEOUT_MS: '1000',
  SESSION_SECRET: secret,
  SESSION_MAX_AGE: '12h',
});

beforeAll(async () => {
  legacy = await startLegacyCourier();
  app = await startAppServer(appEnv(TEST_SESSION_SECRET));
});
afterAll(async () => {
  await app.close();
  await legacy.close();
});

/**
 * The answer refuses the cookie: 401 unauthenticated, and Set-Cookie headers that remove it and
 * its companion (which would let the service worker open the screen offline).
 */
function expectRefusedAndCleared(answer: AppAnswer) {
  expect(answer.status).toBe(401);
  expect(answer.json).toEqual(errorEnvelope('unauthenticated'));
  const [cleared, companion, ...others] = answer.headers.getSetCookie();
  expect(others).toEqual([]);
  expect(cleared).toMatch(/^dq_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
  expect(companion).toMatch(/^dq_shell=; Path=\/; Max-Age=0; SameSite=Strict/);
}

/** Who-am-I and a quote with this cookie are both refused, and the courier sees no quotation. */
async function expectCookieSignsNobodyIn(cookie: string) {
  const quotations = legacy.quotations;
  const browser = newBrowser();
  browser.cookie = cookie;
  expectRefusedAndCleared(await browser.request('GET', '/api/session'));
  browser.cookie = cookie;
  expectRefusedAndCleared(await browser.quote());
  browser.cookie = cookie;
  expectRefusedAndCleared(await browser.request('GET', '/api/geocode/search?q=Roma'));
  expect(legacy.quotations).toBe(quotations);
}

async function signedInCookie(): Promise<string> {
  const browser = newBrowser();
  expect((await browser.signIn()).status).toBe(200);
  return browser.cookie!;
}

/** A session as the app seals it, for forging cookies with other secrets or shapes. */
function sessionLike(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    v: 1,
    sid: 'forged-session-id-0123456789',
    user: { email: DISPATCHER.email, name: 'Dulce Ramírez', zone: 'cdmx' },
    login: { email: DISPATCHER.email, password: DISPATCHER.password },
    token: { value: 'forged-token', expiresAt: now + 3600_000, renewAt: now + 3540_000 },
    startedAt: now,
    ...overrides,
  };
}
const seal = (data: unknown, password: string) => sealData(data, { password, ttl: 12 * 3600 + 60 });

describe('a tampered or forged session cookie', () => {
  it('a cookie with any part of its seal altered signs nobody in', async () => {
    const cookie = await signedInCookie();
    const value = cookie.slice('dq_session='.length);
    // iron: Fe26.2*id*salt*iv*ciphertext*expiry*hmacSalt*hmac~2 — alter each part in turn.
    const parts = value.split('~')[0]!.split('*');
    expect(parts).toHaveLength(8);
    for (let i = 1; i < parts.length; i++) {
      if (!parts[i]) continue;
      const altered = [...parts];
      const text = altered[i]!;
      const middle = Math.floor(text.length / 2);
      altered[i] =
        `${text.slice(0, middle)}${text[middle] === 'A' ? 'B' : 'A'}${text.slice(middle + 1)}`;
      await expectCookieSignsNobodyIn(`dq_session=${altered.join('*')}~2`);
    }
  });

  it.each([
    ['cut short', (value: string) => value.slice(0, -10)],
    // The seal ends in iron-session's "~2" format marker: the text goes after the seal's HMAC.
    ['with text appended to its seal', (value: string) => value.replace('~', 'AAAA~')],
    ['of another iron version', (value: string) => value.replace(/^Fe26\.2/, 'Fe26.1')],
    ['replaced by a JWT', () => 'eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.'],
    ['of 8 KB of noise', () => 'A'.repeat(8 * 1024)],
    ['of NULs and a lone surrogate, percent-encoded', () => '%00%00%ED%A0%80'],
  ])('a cookie %s signs nobody in', async (_what, change) => {
    const cookie = await signedInCookie();
    await expectCookieSignsNobodyIn(`dq_session=${change(cookie.slice('dq_session='.length))}`);
  });

  it('a session sealed with another secret (a foreign app, or a guessed one) signs nobody in', async () => {
    const foreign = await seal(sessionLike(), 'some-other-apps-secret-0123456789-abcdefgh');
    await expectCookieSignsNobodyIn(`dq_session=${foreign}`);
  });

  it('a seal with this server’s secret but not a session’s shape signs nobody in', async () => {
    for (const data of [
      { user: 'admin' },
      sessionLike({ v: 2 }),
      sessionLike({ sid: 'short' }),
      sessionLike({ token: 'not-a-token-record' }),
      'a plain string',
      [1, 2, 3],
    ]) {
      await expectCookieSignsNobodyIn(`dq_session=${await seal(data, TEST_SESSION_SECRET)}`);
    }
  });

  it('a signed-in cookie next to another of the same name (one planted for /api, say): neither signs anyone in', async () => {
    const good = await signedInCookie();
    const planted = await signedInCookie();
    for (const pair of [
      `dq_session=forged; ${good}`,
      `${good}; dq_session=forged`,
      // Two genuine sessions: the planted one is an attacker's own, signed in for real.
      `${planted}; ${good}`,
    ]) {
      const browser = newBrowser();
      browser.cookie = pair;
      expectRefusedAndCleared(await browser.request('GET', '/api/session'));
      browser.cookie = pair;
      expectRefusedAndCleared(await browser.quote());
    }
    const browser = newBrowser();
    browser.cookie = good;
    expect((await browser.request('GET', '/api/session')).status).toBe(200);
  });

  it('the genuine session is unaffected by all of the above', async () => {
    const browser = newBrowser();
    await browser.signIn();
    expect((await browser.quote()).status).toBe(200);
  });
});

describe('signing out', () => {
  it('ends the session on the server: a copy of the cookie no longer quotes or asks who is in', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const copy = browser.cookie!;
    expect((await browser.quote()).status).toBe(200);
    const out = await browser.request('DELETE', '/api/session');
    expect(out.status).toBe(204);
    // The companion goes too: the service worker's copy of the screen no longer opens offline.
    expect(out.headers.getSetCookie()).toEqual([
      'dq_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      'dq_shell=; Path=/; Max-Age=0; SameSite=Strict',
      // The note that lets this browser sign out everywhere for the next minutes.
      expect.stringMatching(
        /^dq_signed_out=Fe26\.2\*[^;]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Strict$/,
      ),
    ]);
    await expectCookieSignsNobodyIn(copy);
  });

  it('a copy of the cookie refreshed by a token renewal is ended too', async () => {
    legacy.configure({ expireTokensAfterQuotes: 1 });
    try {
      const browser = newBrowser();
      await browser.signIn();
      const before = browser.cookie!;
      await browser.quote();
      // The second quote meets -156: the token is renewed and the browser gets a new cookie.
      expect((await browser.quote()).headers.getSetCookie()).toHaveLength(1);
      const renewed = browser.cookie!;
      expect(renewed).not.toBe(before);
      await browser.request('DELETE', '/api/session');
      await expectCookieSignsNobodyIn(before);
      await expectCookieSignsNobodyIn(renewed);
    } finally {
      legacy.configure({ expireTokensAfterQuotes: Infinity });
    }
  });

  it('a sign-out from another site is refused and the session carries on', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const answer = await browser.request('DELETE', '/api/session', {
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(errorEnvelope('forbidden_origin'));
    expect((await browser.quote()).status).toBe(200);
  });

  it('signing out with no cookie, or a forged one, still answers 204 and clears it', async () => {
    const browser = newBrowser();
    expect((await browser.request('DELETE', '/api/session')).status).toBe(204);
    browser.cookie = 'dq_session=forged';
    const answer = await browser.request('DELETE', '/api/session');
    expect(answer.status).toBe(204);
    expect(answer.headers.getSetCookie()[0]).toMatch(/^dq_session=; .*Max-Age=0/);
  });
});

describe('the cookie’s attributes', () => {
  it('behind https (X-Forwarded-Proto) the cookie is Secure as well', async () => {
    const browser = new Browser(app.origin, {
      'x-forwarded-for': `198.19.1.${++addresses}`,
      'x-forwarded-proto': 'https',
    });
    const answer = await browser.signIn();
    expect(answer.headers.getSetCookie()[0]).toMatch(
      /^__Host-dq_session=Fe26\.2\*[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it('its companion for the offline screen lives as long, names the session without its id, and signs no one in', async () => {
    const browser = newBrowser();
    const answer = await browser.signIn();
    const [session, companion, device, ...others] = answer.headers.getSetCookie();
    expect(others).toEqual([]);
    // The device cookie: sealed, for 30 days, readable by no page, sent by no other site.
    expect(device).toMatch(
      /^dq_device_[\w-]{16}=Fe26\.2\*[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Strict$/,
    );
    for (const token of legacy.issuedTokens) expect(device).not.toContain(token);
    const maxAge = /Max-Age=(\d+)/.exec(session!)![1];
    expect(companion).toMatch(
      new RegExp(`^dq_shell=[\\w-]{22}; Path=/; Max-Age=${maxAge}; SameSite=Strict$`),
    );
    const key = companion!.slice('dq_shell='.length).split(';')[0]!;
    // Not the sealed cookie, and on its own it is nobody.
    expect(session).not.toContain(key);
    const alone = newBrowser();
    alone.cookie = `dq_shell=${key}`;
    const who = await alone.request('GET', '/api/session');
    expect(who.status).toBe(401);
  });

  it('the sealed value does not show the password, the token or the e-mail', async () => {
    const cookie = await signedInCookie();
    expect(cookie).not.toContain(DISPATCHER.password);
    expect(cookie).not.toContain(encodeURIComponent(DISPATCHER.email));
    expect(cookie).not.toContain(DISPATCHER.email);
    for (const token of legacy.issuedTokens) expect(cookie).not.toContain(token);
  });
});

describe('signing out everywhere', () => {
  const everywhere = (browser: Browser, headers?: Record<string, string>) =>
    browser.request('POST', '/api/session/everywhere', { headers });

  it('ends every session of the dispatcher on every device; one started afterwards works', async () => {
    const tablet = newBrowser();
    const desk = newBrowser();
    await tablet.signIn();
    await desk.signIn();
    const tabletCookie = tablet.cookie!;
    expect((await tablet.quote()).status).toBe(200);

    const answer = await everywhere(desk);
    expect(answer.status).toBe(204);
    expect(answer.headers.getSetCookie()[0]).toMatch(/^dq_session=; Path=\/; Max-Age=0/);
    expect(desk.cookie).toBeUndefined();

    await expectCookieSignsNobodyIn(tabletCookie);
    const again = newBrowser();
    expect((await again.signIn()).status).toBe(200);
  });

  it('is offered for ten minutes to the browser that just signed out on its device, and only to it', async () => {
    const lostTablet = newBrowser();
    await lostTablet.signIn();
    const lostCookie = lostTablet.cookie!;
    const desk = newBrowser();
    await desk.signIn();
    expect((await desk.request('DELETE', '/api/session')).status).toBe(204);
    expect(desk.cookie).toBeUndefined();
    const note = desk.otherCookies.get('dq_signed_out');
    expect(note).toBeTruthy();

    // The note signs nobody in.
    expect((await desk.request('GET', '/api/session')).status).toBe(401);
    // Another browser without a session or the note may not sign anyone out.
    expect((await everywhere(newBrowser())).json).toEqual(errorEnvelope('unauthenticated'));
    const forged = newBrowser();
    forged.otherCookies.set('dq_signed_out', note!.replace(/\*[^*]+~2$/, '*AAAA~2'));
    expect((await everywhere(forged)).status).toBe(401);

    const answer = await everywhere(desk);
    expect(answer.status).toBe(204);
    expect(desk.otherCookies.has('dq_signed_out')).toBe(false);
    await expectCookieSignsNobodyIn(lostCookie);
  });

  it('a note replayed later ends only the sessions started before its sign-out: a later session keeps working', async () => {
    const sharedTablet = newBrowser();
    await sharedTablet.signIn();
    expect((await sharedTablet.request('DELETE', '/api/session')).status).toBe(204);
    const note = sharedTablet.otherCookies.get('dq_signed_out')!;
    expect(note).toBeTruthy();
    // The dispatcher signs in again, here and at the desk, after that sign-out.
    const desk = newBrowser();
    await desk.signIn();
    const again = newBrowser();
    await again.signIn();
    // The next person on the tablet replays the note.
    const replay = newBrowser();
    replay.otherCookies.set('dq_signed_out', note);
    expect((await everywhere(replay)).status).toBe(204);
    expect((await everywhere(replay)).status).toBe(401);
    const copied = newBrowser();
    copied.otherCookies.set('dq_signed_out', note);
    expect((await everywhere(copied)).status).toBe(204);
    expect((await desk.quote()).status).toBe(200);
    expect((await again.quote()).status).toBe(200);
  });

  it('from another site it is refused, and the sessions carry on', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const answer = await everywhere(browser, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect((await browser.quote()).status).toBe(200);
  });
});

describe('a restart', () => {
  it('keeps signed-out cookies refused, one by one and everywhere, and signed-in ones working', async () => {
    const signedOut = newBrowser();
    await signedOut.signIn();
    const signedOutCookie = signedOut.cookie!;
    await signedOut.request('DELETE', '/api/session');
    const everywhereBrowser = newBrowser();
    await everywhereBrowser.signIn();
    const endedEverywhere = everywhereBrowser.cookie!;
    expect((await everywhereBrowser.request('POST', '/api/session/everywhere')).status).toBe(204);
    const stillIn = newBrowser();
    await stillIn.signIn();

    // A restart with the same secret and data directory: fresh modules and per-process state.
    await app.close();
    vi.resetModules();
    resetProcessSingletons();
    app = await startAppServer(appEnv(TEST_SESSION_SECRET));

    await expectCookieSignsNobodyIn(signedOutCookie);
    await expectCookieSignsNobodyIn(endedEverywhere);
    // The same browser, at the restarted server's new port.
    const resumed = newBrowser();
    resumed.cookie = stillIn.cookie;
    expect((await resumed.quote()).status).toBe(200);
  });
});

// Last: it restarts the app with another secret.
describe('rotating SESSION_SECRET', () => {
  it('a cookie sealed before the rotation is refused with 401 and cleared; signing in again seals with the new secret alone', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const beforeRotation = browser.cookie!;
    expect((await browser.quote()).status).toBe(200);

    // A restart with the new secret: fresh modules, fresh per-process state, same courier.
    await app.close();
    vi.resetModules();
    resetProcessSingletons();
    app = await startAppServer(appEnv(ROTATED_SECRET));

    await expectCookieSignsNobodyIn(beforeRotation);
    const again = newBrowser();
    expect((await again.signIn()).status).toBe(200);
    // The new cookie is sealed with the new secret alone: the old secret (a server not yet
    // rotated, or whoever learnt it) reads nothing in it.
    const sealed = again.cookie!.slice('dq_session='.length);
    expect(await unsealData(sealed, { password: ROTATED_SECRET })).toMatchObject({
      user: { email: DISPATCHER.email },
    });
    expect(await unsealData(sealed, { password: TEST_SESSION_SECRET })).toEqual({});
    expect((await again.quote()).status).toBe(200);
  });
});
