import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/lib/api/geocode';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, TEST_SESSION_SECRET } from './app-fixtures';

/**
 * Place words over real HTTP, as installed by default: the built-in gazetteer and the built-in
 * courier at this same server without COURIER_BASE_URL, so that its coverage zones are known
 * (GET /api/coverage) and a place outside them is answered "not covered".
 */

let app: AppServer;
let addresses = 0;
const signedIn = async () => {
  const browser = new Browser(app.origin, { 'x-forwarded-for': `198.18.7.${++addresses}` });
  expect((await browser.signIn()).status).toBe(200);
  return browser;
};

beforeAll(async () => {
  resetProcessSingletons();
  app = await startAppServer({
    COURIER_BASE_URL: undefined,
    COURIER_SERVICE: 'on',
    COURIER_JWT_SECRET: 'geocode-contract-tests-signing-key-0123456789',
    COURIER_ACCOUNTS_FILE: undefined,
    COURIER_CLIENTS: undefined,
    COURIER_CLIENT_ID: undefined,
    COURIER_CLIENT_SECRET: undefined,
    SESSION_SECRET: TEST_SESSION_SECRET,
    GEOCODER: undefined,
    // The built-in courier is reached at 127.0.0.1:PORT, this server's own.
    PORT: '{port}',
  });
});
afterAll(() => app.close());

describe('a place named in the text decides where results lie (issue 29)', () => {
  const search = async (text: string) => {
    const answer = await (
      await signedIn()
    ).request('GET', `/api/geocode/search?q=${encodeURIComponent(text)}&lat=19.4245&lng=-99.1635`);
    expect(answer.status).toBe(200);
    return answer.json as SearchAnswer;
  };
  const served = {
    'es-MX': ['Ciudad de México (y área metropolitana)', 'Guadalajara (área metropolitana)'],
    en: ['Mexico City (and its metro area)', 'Guadalajara (metro area)'],
  };

  it.each([
    ['Av. Constitución 400, Centro, Monterrey, N.L.', 'Monterrey'],
    ['Monterrey', 'Monterrey'],
    ['Av. Juárez 100, Centro, Puebla', 'Puebla'],
    ['72000', '72000 (Puebla)'],
  ])('"%s": not covered, named %s, with the served areas and no result', async (text, place) => {
    expect(await search(text)).toEqual({ results: [], typed: null, notCovered: { place, served } });
  });

  it('"Av. Juárez 100, Centro, Guadalajara, Jal.": Guadalajara\'s Centro, nothing of Mexico City', async () => {
    const { results, notCovered } = await search('Av. Juárez 100, Centro, Guadalajara, Jal.');
    expect(notCovered).toBeUndefined();
    expect(results[0]).toMatchObject({
      neighborhood: 'Guadalajara Centro',
      street: 'Avenida Juárez',
    });
    expect(results.every((result) => /^4[4-9]/.test(result.zipCode))).toBe(true);
  });

  it('"Av. Juárez 100, Centro, CDMX": Mexico City\'s Centro; an answer without the field', async () => {
    const answer = await search('Av. Juárez 100, Centro, CDMX');
    expect(answer).not.toHaveProperty('notCovered');
    expect(answer.results[0]).toMatchObject({ neighborhood: 'Centro', zipCode: '06000' });
  });
});
