import { expect, test } from './support/screen';
import { healthyAnswer } from '../test/fixtures/health-answer';

// Playwright's own readiness probe already waits for /api/health to answer 200; this checks what
// it says: the built-in courier's API answers the probe (a 404 there would mean "down").
test('health reports the built-in courier up, the store up and the database up', async ({
  request,
}) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(await response.json()).toEqual(healthyAnswer({ builtin: true }, expect));
});
