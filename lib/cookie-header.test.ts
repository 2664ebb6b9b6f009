import { describe, expect, it } from 'vitest';
import { cookieValues, readCookie } from './cookie-header';

const request = (headers: Record<string, string>) => new Request('http://app.test/', { headers });

describe('a cookie of the request', () => {
  it('is found among the request’s cookies, the first if it comes twice', () => {
    expect(readCookie(request({ cookie: 'a=1; dq_session=Fe26.2*x=y~2; b=2' }), 'dq_session')).toBe(
      'Fe26.2*x=y~2',
    );
    expect(readCookie(request({ cookie: 'dq_session=' }), 'dq_session')).toBeUndefined();
    expect(readCookie(request({}), 'dq_session')).toBeUndefined();
  });

  it('comes with every value it was given, in order', () => {
    expect(cookieValues('locale=en; a=1; locale=es-MX', 'locale')).toEqual(['en', 'es-MX']);
    expect(cookieValues(null, 'locale')).toEqual([]);
  });
});
