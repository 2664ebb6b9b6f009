import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Cookie from './cookie';

// The `__Host-` name is set, and APP_ORIGIN read, when the module loads. Loaded afresh for each
// test, that counts as the test's own, so mutation testing (stryker.config.mjs, `ignoreStatic`)
// runs these tests against a changed name; loaded once for the file, it would not.
let clearedSessionCookieHeader: typeof Cookie.clearedSessionCookieHeader;
let clearedSessionCookieHeaders: typeof Cookie.clearedSessionCookieHeaders;
let readSessionCookie: typeof Cookie.readSessionCookie;
let sessionCookieHeader: typeof Cookie.sessionCookieHeader;
let shellCookieHeader: typeof Cookie.shellCookieHeader;
let shellKeyOf: typeof Cookie.shellKeyOf;
let isSecureRequest: typeof Cookie.isSecureRequest;
let isSecureConnection: typeof Cookie.isSecureConnection;

async function load(appOrigin?: string) {
  vi.stubEnv('APP_ORIGIN', appOrigin);
  vi.resetModules();
  ({
    clearedSessionCookieHeader,
    clearedSessionCookieHeaders,
    readSessionCookie,
    sessionCookieHeader,
    shellCookieHeader,
    shellKeyOf,
    isSecureRequest,
    isSecureConnection,
  } = await import('./cookie'));
}

beforeEach(() => load());
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, for the whole app, and Secure only under https', () => {
    expect(sessionCookieHeader('Fe26.2*x~2', { secure: false, maxAgeSeconds: 43200 })).toBe(
      'dq_session=Fe26.2*x~2; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax',
    );
    expect(sessionCookieHeader('v', { secure: true, maxAgeSeconds: 10.4 })).toBe(
      '__Host-dq_session=v; Path=/; Max-Age=10; HttpOnly; SameSite=Lax; Secure',
    );
    expect(clearedSessionCookieHeader({ secure: false })).toBe(
      'dq_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  it('has a readable companion for the offline screen: the same lifetime, cleared with it', () => {
    expect(shellCookieHeader('session-id-1', { secure: false, maxAgeSeconds: 43200 })).toBe(
      `dq_shell=${shellKeyOf('session-id-1')}; Path=/; Max-Age=43200; SameSite=Strict`,
    );
    expect(shellCookieHeader('s', { secure: true, maxAgeSeconds: 5 })).toMatch(/; Secure$/);
    expect(clearedSessionCookieHeaders({ secure: false })).toEqual([
      'dq_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      'dq_shell=; Path=/; Max-Age=0; SameSite=Strict',
    ]);
  });

  it('names each session with a key that does not reveal its id', () => {
    const key = shellKeyOf('AbCdEfGhIjKlMnOpQrStUvWx');
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).toBe(shellKeyOf('AbCdEfGhIjKlMnOpQrStUvWx'));
    expect(shellKeyOf('AbCdEfGhIjKlMnOpQrStUvWy')).not.toBe(key);
    expect(key).not.toContain('AbCdEf');
  });
});

describe('reading the session cookie', () => {
  const headers = (cookie: string) => new Headers({ cookie });

  it('over http takes dq_session, over https only the __Host- one nobody else can plant', () => {
    expect(readSessionCookie(headers('dq_session=abc'), false)).toEqual({ value: 'abc' });
    expect(readSessionCookie(headers('dq_session=abc'), true)).toEqual({});
    expect(readSessionCookie(headers('__Host-dq_session=xyz; dq_session=abc'), true)).toEqual({
      value: 'xyz',
    });
  });

  it('a second cookie of the same name (one planted for /api, say) makes neither count', () => {
    expect(readSessionCookie(headers('dq_session=planted; dq_session=mine'), false)).toEqual({
      ambiguous: true,
    });
    expect(
      readSessionCookie(headers('__Host-dq_session=a; x=1; __Host-dq_session=b'), true),
    ).toEqual({ ambiguous: true });
  });
});

describe('a secure connection', () => {
  const request = (url: string, headers: Record<string, string> = {}) =>
    new Request(url, { headers });

  it('is one whose URL is https, with no proxy header to say so', () => {
    expect(isSecureRequest(request('https://dispatch.example/api/session'))).toBe(true);
    expect(isSecureRequest(request('http://192.168.1.20:3000/api/session'))).toBe(false);
  });

  it('is one a proxy in front calls https, in any letter case, by its first entry', () => {
    const url = 'http://127.0.0.1:3000/api/session';
    expect(isSecureRequest(request(url, { 'x-forwarded-proto': 'HTTPS' }))).toBe(true);
    expect(isSecureRequest(request(url, { 'x-forwarded-proto': ' https , http' }))).toBe(true);
    expect(isSecureRequest(request(url, { 'x-forwarded-proto': 'http, https' }))).toBe(false);
  });

  it('for a page, which knows only the headers, is one the proxy calls https', () => {
    expect(isSecureConnection(new Headers())).toBe(false);
    expect(isSecureConnection(new Headers({ 'x-forwarded-proto': 'https' }))).toBe(true);
  });

  it('is every request of an app whose APP_ORIGIN is https', async () => {
    await load('https://dispatch.example');
    expect(isSecureRequest(request('http://127.0.0.1:3000/api/session'))).toBe(true);
    await load('http://dispatch.lan:3000');
    expect(isSecureRequest(request('http://127.0.0.1:3000/api/session'))).toBe(false);
  });
});
