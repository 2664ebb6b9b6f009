import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  CUSTOMER_TEXT_MAX_LENGTH,
  MAX_ADDRESSES,
  MAX_DROPOFFS,
} from '@/lib/courier-api/limits';
import { COURIER_CODE, loginResponseSchema } from '@/lib/courier-api/wire';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { quoteRequestSchema } from '@/lib/quote/schema';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, builtinCourierEnv, RECORDED_TRIP } from './app-fixtures';
import { courierCalls, trip, VARSOVIA_36, SONORA_180 } from './courier-fixtures';

/**
 * The limits of a quote are declared once (lib/courier-api/limits.ts): the form's schema, POST
 * /api/quote and the built-in courier each take exactly the limit and refuse one more, and the
 * messages name the number read from there. Every figure below comes from that module, so raising
 * a limit there and nowhere else keeps this file green.
 */

const { pickup, dropoff } = RECORDED_TRIP;
const dropoffs = (count: number) => Array.from({ length: count }, () => dropoff);
const longText = (length: number) => 'x'.repeat(length);

describe('a quote’s limits, read from one module', () => {
  let app: AppServer;
  let browser: Browser;
  let courier: ReturnType<typeof courierCalls>;
  let token: string;

  beforeAll(async () => {
    vi.resetModules();
    resetProcessSingletons();
    app = await startAppServer(builtinCourierEnv('limits-tests-signing-key-0123456789-abcdef'));
    browser = new Browser(app.origin, { 'x-forwarded-for': '198.18.9.1', 'accept-language': 'en' });
    expect((await browser.signIn()).status).toBe(200);
    courier = courierCalls(app.url);
    token = loginResponseSchema.parse(await (await courier.login()).json()).token.access_token;
  });
  afterAll(() => app.close());

  it('one pickup and the drop-offs make the courier’s addresses', () => {
    expect(1 + MAX_DROPOFFS).toBe(MAX_ADDRESSES);
  });

  it('the form’s schema takes the most drop-offs and refuses one more, naming the limit', () => {
    const issues = (count: number) =>
      z.safeParse(quoteRequestSchema, { pickup, dropoffs: dropoffs(count) }).error?.issues;
    expect(issues(MAX_DROPOFFS)).toBeUndefined();
    expect(issues(MAX_DROPOFFS + 1)).toMatchObject([
      { path: ['dropoffs'], message: 'validation.tooManyStops' },
    ]);
  });

  it('POST /api/quote quotes the most drop-offs and refuses one more with the number in its message', async () => {
    const most = await browser.quote({ pickup, dropoffs: dropoffs(MAX_DROPOFFS) });
    expect(most.status).toBe(200);
    expect(most.json.quote.legs).toHaveLength(MAX_DROPOFFS);

    const tooMany = await browser.quote({ pickup, dropoffs: dropoffs(MAX_DROPOFFS + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.fields).toEqual({
      dropoffs: `Up to ${MAX_DROPOFFS} drop-offs per quote.`,
    });
  });

  it('the built-in courier quotes the most addresses and refuses one more with -111', async () => {
    const addresses = (count: number) =>
      trip(VARSOVIA_36, ...Array.from({ length: count - 1 }, () => SONORA_180));
    const most = await (await courier.quote(addresses(MAX_ADDRESSES), token)).json();
    expect(most.code).toBe(COURIER_CODE.ok);
    const tooMany = await (await courier.quote(addresses(MAX_ADDRESSES + 1), token)).json();
    expect(tooMany.code).toBe(COURIER_CODE.wrongAddresses);
  });

  it('a street of the most characters goes through the form, the API and the courier; one more is refused by each', async () => {
    const max = ADDRESS_FIELD_MAX_LENGTH.street;
    const withStreet = (length: number) => ({ ...dropoff, street: longText(length) });

    expect(z.safeParse(quoteRequestSchema, { pickup, dropoffs: [withStreet(max)] }).success).toBe(
      true,
    );
    expect(
      z.safeParse(quoteRequestSchema, { pickup, dropoffs: [withStreet(max + 1)] }).error?.issues,
    ).toMatchObject([{ path: ['dropoffs', 0, 'street'], message: 'validation.streetTooLong' }]);

    expect((await browser.quote({ pickup, dropoffs: [withStreet(max)] })).status).toBe(200);
    const tooLong = await browser.quote({ pickup, dropoffs: [withStreet(max + 1)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.fields).toEqual({
      'dropoffs.0.street': `The street takes at most ${max} characters.`,
    });

    const courierStreet = (length: number) =>
      trip(VARSOVIA_36, { ...SONORA_180, street: longText(length) });
    expect((await (await courier.quote(courierStreet(max), token)).json()).code).toBe(
      COURIER_CODE.ok,
    );
    expect((await (await courier.quote(courierStreet(max + 1), token)).json()).code).toBe(
      COURIER_CODE.malformed,
    );
  });

  it('the customer text takes its limit and refuses one more, the message naming it', async () => {
    const max = CUSTOMER_TEXT_MAX_LENGTH;
    const withCustomer = (length: number) => ({
      pickup,
      dropoffs: [dropoff],
      customer: longText(length),
    });
    expect((await browser.quote(withCustomer(max))).status).toBe(200);
    const tooLong = await browser.quote(withCustomer(max + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.fields).toEqual({
      customer: `The customer takes at most ${max} characters.`,
    });
  });
});
