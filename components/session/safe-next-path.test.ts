import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('after signing in, the dispatcher returns', () => {
  it('to the page they were sent away from', () => {
    expect(safeNextPath('/')).toBe('/');
    expect(safeNextPath('/?draft=1')).toBe('/?draft=1');
  });

  it('to the quote screen when no page or a strange one was named', () => {
    expect(safeNextPath(undefined)).toBe('/');
    expect(safeNextPath('')).toBe('/');
    expect(safeNextPath(['/a', '/b'])).toBe('/a');
    expect(safeNextPath('/sign-in')).toBe('/');
    expect(safeNextPath('/api/session')).toBe('/');
  });

  it('never to another site', () => {
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('/\nx')).toBe('/');
  });

  it('to the quote screen when the path would not make a valid Location header', () => {
    for (const odd of ['/\u007f', '/é', '/?q=日本', '/a b', '/\u00a0', '/\ud800']) {
      expect(safeNextPath(odd)).toBe('/');
    }
    expect(safeNextPath('/?q=%C3%A9')).toBe('/?q=%C3%A9');
  });
});
