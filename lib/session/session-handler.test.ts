import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sealData } from 'iron-session';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProcessSingletons } from '@/lib/process-singleton';
import type * as SessionHandler from './session-handler';
import type * as Sealed from './sealed-session';
import type * as Revocations from './revocations';
import type * as TokenCache from './token-cache';
import type * as Errors from '@/lib/http/api-error';

// Signing out, the sign-out note and the session read from a cookie, with the real sealing and
// the real sign-out list in a directory of the test's own. The note's shape is checked by a
// schema built when the module loads: loaded afresh for each test (mutation testing's
// `ignoreStatic`).
const SECRET = 'session-handler-test-secret-0123456789-abcdef';
const MAX_AGE_MS = 2 * 3_600_000;
const NOTE_MS = 10 * 60_000;

let route: typeof SessionHandler;
let sealed: typeof Sealed;
let revocationsModule: typeof Revocations;
let tokenCache: typeof TokenCache;
let errors: typeof Errors;
let dataDir: string;

beforeEach(async () => {
  resetProcessSingletons();
  dataDir = mkdtempSync(join(tmpdir(), 'session-handler-'));
  vi.stubEnv('SESSION_SECRET', SECRET);
  vi.stubEnv('SESSION_MAX_AGE', '2h');
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('APP_ORIGIN', undefined);
  vi.resetModules();
  route = await import('./session-handler');
  sealed = await import('./sealed-session');
  revocationsModule = await import('./revocations');
  tokenCache = await import('./token-cache');
  errors = await import('@/lib/http/api-error');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetProcessSingletons();
});

const EMAIL = 'Ana.Lopez@Example.mx';

function session(startedAt = Date.now(), sid = 'AbCdEfGhIjKlMnOpQrStUvWx') {
  return {
    v: 1 as const,
    sid,
    user: { email: EMAIL, name: 'Ana' },
    login: { email: EMAIL, password: 'secret' },
    token: {
      value: 'tok',
      issuedAt: 5,
      expiresAt: startedAt + 3_600_000,
      renewAt: startedAt + 3_000_000,
    },
    startedAt,
    address: '192.0.2.7',
  };
}

const requestWith = (cookie?: string, url = 'http://127.0.0.1:3000/api/session') =>
  new Request(url, { method: 'DELETE', headers: cookie ? { cookie } : {} });

async function sessionCookie(startedAt = Date.now(), sid?: string) {
  return `dq_session=${await sealed.sealSession(session(startedAt, sid))}`;
}

/** The sign-out list's file, one object per line. */
const revocationLines = () =>
  readFileSync(join(dataDir, revocationsModule.REVOCATIONS_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function refusalOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(errors.ApiError);
  return error as Errors.ApiError;
}

const CLEARED = [
  'dq_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
  'dq_shell=; Path=/; Max-Age=0; SameSite=Strict',
];

describe('the session a cookie carries', () => {
  it('is refused as unauthenticated without a cookie, and as expired once SESSION_MAX_AGE has passed since sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-02T15:00:00Z');
    vi.setSystemTime(start);
    const error = await refusalOf(route.sessionFromCookie({}));
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toBe('Please sign in first.');
    const cookie = { value: (await sessionCookie(start)).slice('dq_session='.length) };
    vi.setSystemTime(start + MAX_AGE_MS - 1);
    expect((await route.sessionFromCookie(cookie)).sid).toBe(session().sid);
    vi.setSystemTime(start + MAX_AGE_MS);
    expect((await refusalOf(route.sessionFromCookie(cookie))).code).toBe('session_expired');
  });

  it('is sent back in a cookie that lasts until the session ends, with its companion', async () => {
    const now = Date.now();
    const started = now - 3_600_000;
    const [cookie, companion, ...others] = await route.sessionCookiesFor(
      requestWith(),
      session(started),
    );
    expect(others).toEqual([]);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(3_590);
    expect(maxAge).toBeLessThanOrEqual(3_600);
    expect(companion).toMatch(/^dq_shell=[^;]+; Path=\/; Max-Age=(3600|359\d); SameSite=Strict$/);
  });
});

describe('signing out on one device', () => {
  it('refuses the cookie from then on, until just after it would have expired, and forgets its token', async () => {
    const started = Date.now() - 60_000;
    const cookie = await sessionCookie(started);
    await tokenCache.rememberToken(session().sid, session(started).token);
    const headers = await route.signOut(requestWith(cookie));
    expect(headers.slice(0, 2)).toEqual(CLEARED);
    expect(headers[2]).toMatch(
      /^dq_signed_out=Fe26\.2\*[^;]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Strict$/,
    );
    expect(headers).toHaveLength(3);
    expect(revocationLines()).toEqual([
      {
        s: session().sid,
        a: revocationsModule.accountKey(EMAIL, SECRET),
        t: started,
        u: started + MAX_AGE_MS + 60_000,
      },
    ]);
    expect(await tokenCache.sessionTokens().newest(session().sid)).toBeUndefined();
    const value = { value: cookie.slice('dq_session='.length) };
    expect((await refusalOf(route.sessionFromCookie(value))).code).toBe('unauthenticated');
    // Nothing left to sign out: the cookie is cleared, no note is left.
    expect(await route.signOut(requestWith(cookie))).toEqual(CLEARED);
  });

  it('without a session only clears the cookie', async () => {
    expect(await route.signOut(requestWith())).toEqual(CLEARED);
    expect(await route.signOut(requestWith('dq_session=forged'))).toEqual(CLEARED);
  });

  it('under https leaves a Secure note under the __Host- name', async () => {
    const cookie = `__Host-${await sessionCookie()}`;
    const headers = await route.signOut(
      requestWith(cookie, 'https://dispatch.example.mx/api/session'),
    );
    expect(headers[2]).toMatch(
      /^__Host-dq_signed_out=Fe26\.2\*[^;]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Strict; Secure$/,
    );
  });

  it('ends the session of the cookie at a new sign-in (endSessionOf), and nothing without one', async () => {
    await route.endSessionOf(requestWith());
    const cookie = await sessionCookie();
    await route.endSessionOf(requestWith(cookie));
    expect(revocationLines()).toHaveLength(1);
    expect(revocationLines()[0]).toMatchObject({ s: session().sid });
  });
});

describe('the sign-out note', () => {
  /** The note a sign-out leaves, as the browser sends it back. */
  async function noteAfterSignOut() {
    const headers = await route.signOut(requestWith(await sessionCookie()));
    return headers[2]!.split(';')[0]!;
  }
  const noteHeaders = (...cookies: string[]) => new Headers({ cookie: cookies.join('; ') });

  it('speaks for the account signed out, for ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = Date.parse('2026-03-02T15:00:00Z');
    vi.setSystemTime(at);
    const note = await noteAfterSignOut();
    expect(await route.signOutNoteAccount(noteHeaders(note), false)).toBe(EMAIL);
    vi.setSystemTime(at + NOTE_MS);
    expect(await route.signOutNoteAccount(noteHeaders(note), false)).toBe(EMAIL);
    vi.setSystemTime(at + NOTE_MS + 1);
    expect(await route.signOutNoteAccount(noteHeaders(note), false)).toBeUndefined();
  });

  it('speaks for nobody twice over, under the other name, empty, forged or of another shape', async () => {
    const note = await noteAfterSignOut();
    expect(await route.signOutNoteAccount(noteHeaders(note, note), false)).toBeUndefined();
    expect(await route.signOutNoteAccount(noteHeaders(note), true)).toBeUndefined();
    expect(await route.signOutNoteAccount(noteHeaders('dq_signed_out='), false)).toBeUndefined();
    expect(
      await route.signOutNoteAccount(noteHeaders(note.replace(/\*[^*]+~2$/, '*AAAA~2')), false),
    ).toBeUndefined();
    for (const data of [
      { v: 2, email: EMAIL, at: Date.now() },
      { v: 1, at: Date.now() },
      { v: 1, email: EMAIL },
    ]) {
      const forged = await sealData(data, { password: SECRET, ttl: 600 });
      expect(
        await route.signOutNoteAccount(noteHeaders(`dq_signed_out=${forged}`), false),
      ).toBeUndefined();
    }
  });
});

describe('signing out everywhere', () => {
  function recordingLog() {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    return { log, lines };
  }

  it('ends every session of the account started until now, for as long as a session lasts, and says so in the log', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.parse('2026-03-02T15:00:00Z');
    vi.setSystemTime(now);
    const earlier = await sessionCookie(now - 60_000, 'earlier-session-0123456789');
    const cookie = await sessionCookie(now - 1_000);
    await tokenCache.rememberToken(session().sid, session(now).token);
    const { log, lines } = recordingLog();
    const headers = await route.signOutEverywhere(requestWith(cookie), log);
    expect(headers).toEqual([
      ...CLEARED,
      'dq_signed_out=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
    ]);
    expect(revocationLines()).toEqual([
      { a: revocationsModule.accountKey(EMAIL, SECRET), b: now, u: now + MAX_AGE_MS + 60_000 },
    ]);
    expect(await tokenCache.sessionTokens().newest(session().sid)).toBeUndefined();
    expect(lines.map(({ signOut, account, msg }) => ({ signOut, account, msg }))).toEqual([
      { signOut: 'everywhere', account: 'ana.lopez@example.mx', msg: 'signed out everywhere' },
    ]);
    for (const refused of [earlier, cookie]) {
      const value = { value: refused.slice('dq_session='.length) };
      expect((await refusalOf(route.sessionFromCookie(value))).code).toBe('unauthenticated');
    }
    vi.setSystemTime(now + 1);
    const later = { value: (await sessionCookie(now + 1)).slice('dq_session='.length) };
    expect((await route.sessionFromCookie(later)).startedAt).toBe(now + 1);
  });

  it('works with the sign-out note alone, and is unauthenticated without it', async () => {
    const signedOut = await route.signOut(requestWith(await sessionCookie()));
    const note = signedOut[2]!.split(';')[0]!;
    const { log } = recordingLog();
    expect(await route.signOutEverywhere(requestWith(note), log)).toHaveLength(3);
    expect(revocationLines().at(-1)).toMatchObject({
      a: revocationsModule.accountKey(EMAIL, SECRET),
    });
    const error = await refusalOf(route.signOutEverywhere(requestWith(), log));
    expect(error.code).toBe('unauthenticated');
  });
});

describe('the log of a request in a session', () => {
  it('follows the session by the first 8 characters of its id, never by the whole id', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.resetModules();
    resetProcessSingletons();
    const { sessionHandler } = await import('./session-handler');
    const { rememberToken } = await import('./token-cache');
    const { CourierTokenRejected } = await import('@/lib/courier-client');
    const { redirectLogs } = await import('@/lib/log');
    const lines: string[] = [];
    const previous = redirectLogs({ write: (line: string) => lines.push(line) });
    try {
      const sid = 'AbCdEfGhIjKlMnOpQrStUvWx';
      // The courier refuses the cookie's token once; a newer one is at hand, and the session
      // says in its log that it replaced the refused one.
      const route = sessionHandler(async (_request, session) => {
        await session.withCourierToken(async (token) => {
          if (token !== 'tok') return;
          const newer = { value: 'newer', issuedAt: 6, expiresAt: Date.now() + 3_600_000 };
          await rememberToken(session.id, { ...newer, renewAt: newer.expiresAt - 60_000 });
          throw new CourierTokenRejected(-101);
        });
        return Response.json({ ok: true });
      });
      const cookie = await sessionCookie(Date.now(), sid);
      const response = await route(
        new Request('http://127.0.0.1:3000/api/quote', { headers: { cookie } }),
      );
      expect(response.status).toBe(200);
      const sessionLines = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'courier token rejected: replacing it');
      expect(sessionLines).toHaveLength(1);
      expect(sessionLines[0]!.session).toBe(sid.slice(0, 8));
      expect(lines.join('\n')).not.toContain(sid);
    } finally {
      redirectLogs(previous);
    }
  });
});

describe('the cookies a route in a session sends', () => {
  const ok = async () => Response.json({ ok: true });
  const get = (cookie?: string) =>
    new Request('http://127.0.0.1:3000/api/quote', { headers: cookie ? { cookie } : {} });

  it('none with the 401 of a request that carried no cookie', async () => {
    const response = await route.sessionHandler(ok)(get());
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('clearing ones with the 401 of a cookie that signs nobody in', async () => {
    const response = await route.sessionHandler(ok)(get('dq_session=not-a-sealed-session'));
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual(CLEARED);
  });

  it('none when the session and its token are as the cookie has them', async () => {
    const response = await route.sessionHandler(ok)(get(await sessionCookie()));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
