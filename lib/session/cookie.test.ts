import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookieHeader,
  clearedSessionCookieHeaders,
  readCookie,
  readSessionCookie,
  sessionCookieHeader,
  shellCookieHeader,
  shellKeyOf,
} from './cookie';

const request = (headers: Record<string, string>) => new Request('http://app.test/', { headers });

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

  it('is found among the request’s cookies', () => {
    expect(readCookie(request({ cookie: 'a=1; dq_session=Fe26.2*x=y~2; b=2' }), 'dq_session')).toBe(
      'Fe26.2*x=y~2',
    );
    expect(readCookie(request({ cookie: 'dq_session=' }), 'dq_session')).toBeUndefined();
    expect(readCookie(request({}), 'dq_session')).toBeUndefined();
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
