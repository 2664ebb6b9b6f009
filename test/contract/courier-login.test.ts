import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PATH, loginResponseSchema } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import {
  basic,
  courierCalls,
  DEMO_CLIENT,
  DEMO_USER,
  ERROR_MODES,
  failureStatus,
  leaksInternals,
  namedEndUser,
  startCourierInMode,
  TEST_JWT_SECRET,
  type ErrorMode,
} from './courier-fixtures';

/**
 * Each test names its own end-user address, signed as the dispatch app signs its dispatcher's, so
 * the per-address throttle of one never blocks another.
 */
let addresses = 0;
const fromNewAddress = () => namedEndUser(`198.51.100.${++addresses}`);
const OTHER_CLIENT = { id: 'other-client', secret: 'other-client-secret-0123' };

describe.each(ERROR_MODES)('courier login, %s error mode', (mode: ErrorMode) => {
  let server: AppServer;
  let courier: ReturnType<typeof courierCalls>;

  beforeAll(async () => {
    server = await startCourierInMode(mode, {
      COURIER_JWT_SECRET: TEST_JWT_SECRET,
      COURIER_TOKEN_TTL: '2h',
      COURIER_TIMEZONE: 'America/Mexico_City',
      COURIER_CLIENTS: `${DEMO_CLIENT.id}:${DEMO_CLIENT.secret},${OTHER_CLIENT.id}:${OTHER_CLIENT.secret}`,
    });
    courier = courierCalls(server.url);
  });
  afterAll(() => server.close());

  /** A failure as the mode answers it: HTTP 200 in legacy mode, else `httpStatus`. */
  async function expectFailure(response: Response, httpStatus: number, code: number) {
    const text = await response.text();
    expect(leaksInternals(text), text).toBe(false);
    const body = JSON.parse(text) as { code: number; message: string };
    expect(response.status).toBe(failureStatus(mode, httpStatus));
    expect(body).toEqual({ code, message: expect.any(String) });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return body;
  }

  describe('logging in', () => {
    it('logs the demo dispatcher in with the profile, an expressat token and its local expiry', async () => {
      const before = Date.now();
      const response = await courier.login(DEMO_USER.email, DEMO_USER.password, fromNewAddress());
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = loginResponseSchema.parse(await response.json());
      expect(body.data).toEqual({
        idClient: expect.any(Number),
        email: DEMO_USER.email,
        firstName: expect.any(String),
        lastName: expect.any(String),
        zone: 'cdmx',
      });
      expect(body.token.token_type).toBe('expressat');
      expect(body.token.access_token.split('.')).toHaveLength(3);

      // 2 h from now in Mexico City (UTC−6 all year since 2022), to the minute it was issued in.
      const inMexicoCity = (ms: number) => {
        const t = new Date(ms + 2 * 3600_000 - 6 * 3600_000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${String(t.getUTCFullYear()).slice(2)} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
      };
      expect([inMexicoCity(before), inMexicoCity(Date.now())]).toContain(body.token.expires_in);
    });

    it('accepts the e-mail in any letter case', async () => {
      const response = await courier.login(
        'Dispatcher@Example.COM',
        DEMO_USER.password,
        fromNewAddress(),
      );
      expect(response.status).toBe(200);
    });

    it('issues a token bound to the API client that logged in', async () => {
      const response = await courier.post(
        LOGIN_PATH,
        { data: { systemRequest: { user: DEMO_USER.email, password: DEMO_USER.password } } },
        { authorization: basic(OTHER_CLIENT.id, OTHER_CLIENT.secret), ...fromNewAddress() },
      );
      expect(response.status).toBe(200);
      const { token } = loginResponseSchema.parse(await response.json());
      const payload = JSON.parse(
        Buffer.from(token.access_token.split('.')[1]!, 'base64url').toString(),
      );
      expect(payload).toMatchObject({ aud: 'other-client', iss: 'dispatch-quote-courier' });
    });

    it('refuses an unknown API client with -190', async () => {
      const response = await courier.post(
        LOGIN_PATH,
        { data: { systemRequest: { user: DEMO_USER.email, password: DEMO_USER.password } } },
        { authorization: basic(DEMO_CLIENT.id, 'not-the-secret') },
      );
      const body = await expectFailure(response, 401, -190);
      expect(body.message).toBe('Cliente no autorizado');
      // An HTTP challenge belongs to an HTTP 401 only.
      if (mode === 'http') expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      else expect(response.headers.get('www-authenticate')).toBeNull();
    });

    it('refuses a login without Basic credentials, or with a malformed header, with -190', async () => {
      const body = {
        data: { systemRequest: { user: DEMO_USER.email, password: DEMO_USER.password } },
      };
      await expectFailure(await courier.post(LOGIN_PATH, body), 401, -190);
      await expectFailure(
        await courier.post(LOGIN_PATH, body, { authorization: 'Bearer abc' }),
        401,
        -190,
      );
      await expectFailure(
        await courier.post(LOGIN_PATH, body, { authorization: 'Basic !!!' }),
        401,
        -190,
      );
    });

    it('answers -192 "Correo Invalido" when the user is not an e-mail', async () => {
      const body = await expectFailure(
        await courier.login('dispatcher', DEMO_USER.password, fromNewAddress()),
        400,
        -192,
      );
      expect(body.message).toBe('Correo Invalido');
    });

    it('answers a wrong password and an unknown user alike, with -194', async () => {
      const wrongPassword = await expectFailure(
        await courier.login(DEMO_USER.email, 'not-the-password', fromNewAddress()),
        401,
        -194,
      );
      const unknownUser = await expectFailure(
        await courier.login('nobody@example.com', DEMO_USER.password, fromNewAddress()),
        401,
        -194,
      );
      expect(unknownUser).toEqual(wrongPassword);
    });

    it('answers -100 "Formato invalido" to malformed JSON and to a wrong envelope', async () => {
      const headers = { authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret) };
      const broken = await expectFailure(
        await courier.post(LOGIN_PATH, '{"data": {"systemRequest": ', headers),
        400,
        -100,
      );
      expect(broken.message).toMatch(/^Formato invalido/);
      await expectFailure(
        await courier.post(LOGIN_PATH, { user: DEMO_USER.email, password: 'x' }, headers),
        400,
        -100,
      );
      await expectFailure(
        await courier.post(
          LOGIN_PATH,
          { data: { systemRequest: { user: DEMO_USER.email, password: 12345 } } },
          headers,
        ),
        400,
        -100,
      );
    });

    it('refuses a body that is not sent as JSON with -100 (HTTP 415 in the http mode)', async () => {
      const response = await fetch(`${server.url}/courier${LOGIN_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret),
        },
        body: 'user=dispatcher@example.com&password=demo-password',
      });
      await expectFailure(response, 415, -100);
    });

    it('refuses a body over 64 KB with -100 (HTTP 413 in the http mode)', async () => {
      const huge = {
        data: { systemRequest: { user: DEMO_USER.email, password: 'x' } },
        padding: 'x'.repeat(70 * 1024),
      };
      const response = await courier.post(LOGIN_PATH, huge, {
        authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret),
      });
      await expectFailure(response, 413, -100);
    });

    it('blocks a user from one address after 5 failed logins there, with -165 and Retry-After (HTTP 429 in the http mode), even with the right password', async () => {
      const user = 'guessed@example.com';
      const address = fromNewAddress();
      for (let attempt = 1; attempt <= 5; attempt++) {
        await expectFailure(await courier.login(user, `guess-${attempt}`, address), 401, -194);
      }
      const blocked = await courier.login(user, 'guess-6', address);
      const body = await expectFailure(blocked, 429, -165);
      expect(body.message).toMatch(/intentos/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('blocks an address that tries many users, but not the same users from elsewhere', async () => {
      const address = fromNewAddress();
      for (let attempt = 1; attempt <= 20; attempt++) {
        await expectFailure(
          await courier.login(`user${attempt}@example.com`, 'wrong', address),
          401,
          -194,
        );
      }
      await expectFailure(await courier.login('someone@example.com', 'x', address), 429, -165);
      const elsewhere = await courier.login('someone@example.com', 'x', fromNewAddress());
      await expectFailure(elsewhere, 401, -194);
    });

    it('counts the addresses an API client names within that API client only', async () => {
      const shared = namedEndUser('203.0.113.250');
      for (let attempt = 1; attempt <= 20; attempt++) {
        await expectFailure(
          await courier.login(`spray${attempt}@example.com`, 'wrong', shared),
          401,
          -194,
        );
      }
      const otherClient = await courier.post(
        LOGIN_PATH,
        { data: { systemRequest: { user: 'someone@example.com', password: 'x' } } },
        { authorization: basic(OTHER_CLIENT.id, OTHER_CLIENT.secret), ...shared },
      );
      await expectFailure(otherClient, 401, -194);
    });

    it('without a named end user, counts the caller’s own address: its X-Forwarded-For is not believed', async () => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        await expectFailure(
          await courier.login(`direct${attempt}@example.com`, 'wrong', {
            'x-forwarded-for': `10.1.${attempt}.1`,
          }),
          401,
          -194,
        );
      }
      await expectFailure(
        await courier.login('direct21@example.com', 'wrong', { 'x-forwarded-for': '10.1.99.1' }),
        429,
        -165,
      );
    });

    it('forgets a user’s failures once they log in successfully', async () => {
      const address = fromNewAddress();
      for (let attempt = 1; attempt <= 4; attempt++) {
        await expectFailure(await courier.login(DEMO_USER.email, 'typo', address), 401, -194);
      }
      expect((await courier.login(DEMO_USER.email, DEMO_USER.password, address)).status).toBe(200);
      for (let attempt = 1; attempt <= 4; attempt++) {
        await expectFailure(await courier.login(DEMO_USER.email, 'typo', address), 401, -194);
      }
      expect((await courier.login(DEMO_USER.email, DEMO_USER.password, address)).status).toBe(200);
    });

    // Last: it leaves the demo user's failures past the free ones.
    it('slows guesses at one user from many addresses to a growing delay, and lets the user in from where they logged in before', async () => {
      const home = fromNewAddress();
      expect((await courier.login(DEMO_USER.email, DEMO_USER.password, home)).status).toBe(200);
      let refused: Response | undefined;
      let failures = 0;
      for (let attempt = 1; attempt <= 12 && !refused; attempt++) {
        const response = await courier.login(DEMO_USER.email, `guess-${attempt}`, fromNewAddress());
        const body = (await response.clone().json()) as { code: number };
        if (body.code === -165) refused = response;
        else failures += 1;
      }
      // At most 10 failures per hour for a user go through freely (fewer when the file's other
      // tests have failed for it already).
      expect(failures).toBeGreaterThan(0);
      expect(failures).toBeLessThanOrEqual(10);
      expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(2);
      expect((await courier.login(DEMO_USER.email, DEMO_USER.password, home)).status).toBe(200);
    });

    it('answers other methods with 405 in either mode: that is the router, not the service', async () => {
      const response = await fetch(`${server.url}/courier${LOGIN_PATH}`);
      expect(response.status).toBe(405);
      expect(await response.text()).not.toMatch(/"code"/);
    });
  });
});
