import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, builtinCourierEnv, RECORDED_TRIP } from './app-fixtures';

/**
 * An exterior number is digits or one of the conventions (lib/quote/schema.ts, EXTERIOR_NUMBER):
 * POST /api/quote reads the same rule as the form, so a number in words or an emoji never reaches
 * the courier, and the refusal says what to write in the dispatcher's language.
 */

const { pickup, dropoff } = RECORDED_TRIP;

describe('exterior numbers at POST /api/quote', () => {
  let app: AppServer;
  let english: Browser;
  let spanish: Browser;

  beforeAll(async () => {
    vi.resetModules();
    resetProcessSingletons();
    app = await startAppServer(builtinCourierEnv('exterior-number-signing-key-0123456789-abc'));
    english = new Browser(app.origin, { 'x-forwarded-for': '198.18.9.2', 'accept-language': 'en' });
    spanish = new Browser(app.origin, {
      'x-forwarded-for': '198.18.9.3',
      'accept-language': 'es-MX',
    });
    expect((await english.signIn()).status).toBe(200);
    expect((await spanish.signIn()).status).toBe(200);
  });
  afterAll(() => app.close());

  it('quotes the conventions: 36-B, 36 B, S/N, Mz 4 Lt 12, Km 3.5', async () => {
    for (const exteriorNumber of ['36-B', '36 B', 'S/N', 'Mz 4 Lt 12', 'Km 3.5']) {
      const answer = await english.quote({ pickup, dropoffs: [{ ...dropoff, exteriorNumber }] });
      expect(answer.status, exteriorNumber).toBe(200);
    }
  });

  it('refuses a number in words or an emoji with 400, naming the field and what to write', async () => {
    for (const exteriorNumber of ['treinta y seis', '36 🏠', '🏠']) {
      const answer = await english.quote({ pickup, dropoffs: [{ ...dropoff, exteriorNumber }] });
      expect(answer.status, exteriorNumber).toBe(400);
      expect(answer.json.error.fields).toEqual({
        'dropoffs.0.exteriorNumber':
          'Write the number in digits, as in 36, 36-B, S/N, Mz 4 Lt 12 or Km 3.5.',
      });
    }
    const inSpanish = await spanish.quote({
      pickup: { ...pickup, exteriorNumber: 'treinta y seis' },
      dropoffs: [dropoff],
    });
    expect(inSpanish.status).toBe(400);
    expect(inSpanish.json.error.fields).toEqual({
      'pickup.exteriorNumber':
        'Escribe el número con cifras, como 36, 36-B, S/N, Mz 4 Lt 12 o Km 3.5.',
    });
  });
});
