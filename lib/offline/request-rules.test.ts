import { describe, expect, it } from 'vitest';
import { requestRule, type RequestFacts } from './request-rules';
import { tileUrlMatcher } from './tile-template';

const APP = 'https://dispatch.example';
const isTile = tileUrlMatcher('https://tile.openstreetmap.org/{z}/{x}/{y}.png', APP)!;
const ruleOf = (facts: Partial<RequestFacts> & { url: string }) =>
  requestRule({ method: 'GET', mode: 'cors', ...facts }, { appOrigin: APP, isTile });

describe('what the service worker does with each request', () => {
  it('never answers or keeps anything under /api or /courier, whatever the method or the way it is asked', () => {
    for (const path of [
      '/api',
      '/api/session',
      '/api/quote',
      '/api/coverage',
      '/api/health',
      '/api/geocode/search?q=Varsovia%2036',
      '/api/geocode/reverse?lat=19.4&lng=-99.1',
      '/api/road-route?at=19.4,-99.1&at=19.5,-99.2',
      '/courier',
      '/courier/openapi.json',
      '/courier/api/login/loginClient/json/web',
      '/courier/api/order/validZipCode/json/web',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const mode of ['cors', 'same-origin', 'navigate', 'no-cors']) {
          expect(
            ruleOf({ url: `${APP}${path}`, method, mode }),
            `${method} ${path} (${mode})`,
          ).toBe('network');
        }
      }
    }
  });

  it('leaves paths that only begin like /api or /courier to the page rules', () => {
    expect(ruleOf({ url: `${APP}/apis`, mode: 'navigate' })).toBe('page');
    expect(ruleOf({ url: `${APP}/courierx`, mode: 'navigate' })).toBe('page');
  });

  it('opens the quote screen network first, with the kept copy as the fallback', () => {
    expect(ruleOf({ url: `${APP}/`, mode: 'navigate' })).toBe('screen');
    expect(ruleOf({ url: `${APP}/?from=install`, mode: 'navigate' })).toBe('screen');
  });

  it('answers other pages from the network, with a page that says offline as the fallback', () => {
    expect(ruleOf({ url: `${APP}/sign-in?next=%2F`, mode: 'navigate' })).toBe('page');
  });

  it('keeps map tiles of the configured tile server, and nothing else from other origins', () => {
    expect(
      ruleOf({ url: 'https://tile.openstreetmap.org/15/7355/14580.png', mode: 'no-cors' }),
    ).toBe('tile');
    expect(
      ruleOf({ url: 'https://tile.openstreetmap.org/15/7355/14580.png', method: 'POST' }),
    ).toBe('network');
    expect(ruleOf({ url: 'https://evil.example/15/7355/14580.png', mode: 'no-cors' })).toBe(
      'network',
    );
    expect(ruleOf({ url: 'https://tile.openstreetmap.org/copyright', mode: 'navigate' })).toBe(
      'network',
    );
  });

  it('leaves the page’s own data requests (React Server Components, the manifest) and its worker script alone', () => {
    expect(ruleOf({ url: `${APP}/?_rsc=1x2y3` })).toBe('network');
    expect(ruleOf({ url: `${APP}/manifest.webmanifest` })).toBe('network');
    expect(ruleOf({ url: `${APP}/sw.js?tiles=x`, mode: 'same-origin' })).toBe('network');
    expect(ruleOf({ url: `${APP}/sw.js`, mode: 'navigate' })).toBe('network');
  });

  it('does not keep the app’s own tiles under /api even when the template says so', () => {
    const ownTiles = tileUrlMatcher('/api/tiles/{z}/{x}/{y}.png', APP)!;
    expect(
      requestRule(
        { url: `${APP}/api/tiles/1/2/3.png`, method: 'GET', mode: 'no-cors' },
        { appOrigin: APP, isTile: ownTiles },
      ),
    ).toBe('network');
  });
});
