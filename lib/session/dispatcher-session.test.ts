import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourierToken } from '@/lib/courier-client';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startLegacyCourier, type LegacyCourier } from '@/test/support/legacy-courier';
import type * as Courier from '@/lib/courier-client';
import type * as Errors from '@/lib/http/api-error';
import type * as DispatcherSession from './dispatcher-session';
import type * as TokenCache from './token-cache';

// A session's courier token: kept, adopted, renewed through a real courier (the legacy stand-in
// on a loopback port) and replaced when the courier rejects it. The courier call itself is the
// test's own function: it sees which token it is given and says whether the courier refused it.
// The modules are loaded afresh for each test, with the courier's address in the environment.
let sessions: typeof DispatcherSession;
let tokenCache: typeof TokenCache;
let courierModule: typeof Courier;
let errors: typeof Errors;
let courier: LegacyCourier;

const ACCOUNT = 'dispatcher@example.com';
const PASSWORD = 'demo-password';
const HOUR = 3_600_000;

beforeAll(async () => {
  courier = await startLegacyCourier({ accounts: { [ACCOUNT]: PASSWORD } });
});
afterAll(() => courier.close());

beforeEach(async () => {
  resetProcessSingletons();
  courier.configure({ accounts: { [ACCOUNT]: PASSWORD } });
  vi.stubEnv('COURIER_BASE_URL', courier.url);
  vi.stubEnv('COURIER_CLIENT_ID', 'legacy-client');
  vi.stubEnv('COURIER_CLIENT_SECRET', 'legacy-client-secret-8c1f');
  vi.stubEnv('SESSION_MAX_AGE', '12h');
  vi.resetModules();
  sessions = await import('./dispatcher-session');
  tokenCache = await import('./token-cache');
  courierModule = await import('@/lib/courier-client');
  errors = await import('@/lib/http/api-error');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetProcessSingletons();
});

function recordingLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines, messages: () => lines.map((line) => line.msg) };
}

/** A token the courier never issued: the test's call decides whether the courier takes it. */
const token = (value: string, issuedAt: number, renewAt = Date.now() + HOUR): CourierToken => ({
  value,
  issuedAt,
  expiresAt: renewAt + 60_000,
  renewAt,
});

const SID = 'AbCdEfGhIjKlMnOpQrStUvWx';

function sessionWith(
  cookieToken: CourierToken,
  { log = recordingLog().log, startedAt = Date.now() - HOUR, password = PASSWORD } = {},
) {
  return new sessions.CookieSession(
    {
      v: 1,
      sid: SID,
      user: { email: ACCOUNT, name: 'Dulce' },
      login: { email: ACCOUNT, password },
      token: cookieToken,
      startedAt,
      address: '192.0.2.44',
    },
    log,
    '198.51.100.9',
  );
}

/** A courier call that refuses the tokens in `refused` (-155) and records every token it got. */
function courierCall(refused: Set<string> = new Set()) {
  const used: string[] = [];
  const call = async (accessToken: string) => {
    used.push(accessToken);
    if (refused.has(accessToken)) throw new courierModule.CourierTokenRejected(-155);
    return `quoted with ${accessToken}`;
  };
  return { call, used };
}

async function failureOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(errors.ApiError);
  return error as Errors.ApiError;
}

describe("a session's courier token", () => {
  it("is the cookie's while it is fresh: no login, the cookie left as it is, the token kept by the server", async () => {
    const session = sessionWith(token('cookie-token', 10));
    const { call, used } = courierCall();
    const logins = courier.loginAttempts;
    expect(await session.withCourierToken(call)).toBe('quoted with cookie-token');
    expect(used).toEqual(['cookie-token']);
    expect(session.cookieOutdated).toBe(false);
    expect(courier.loginAttempts).toBe(logins);
    expect((await tokenCache.sessionTokens().newest(SID))?.value).toBe('cookie-token');
  });

  it('is the one this process keeps when it was issued later, and the browser gets a fresh cookie', async () => {
    await tokenCache.rememberToken(SID, token('kept-newer', 20));
    const session = sessionWith(token('cookie-token', 10));
    const { call, used } = courierCall();
    await session.withCourierToken(call);
    expect(used).toEqual(['kept-newer']);
    expect(session.cookieOutdated).toBe(true);
    expect(session.current.token.value).toBe('kept-newer');
  });

  it("is the cookie's when the token this process keeps was issued before it, and the server then keeps the cookie's", async () => {
    await tokenCache.rememberToken(SID, token('kept-older', 5));
    const session = sessionWith(token('cookie-token', 10));
    const { call, used } = courierCall();
    await session.withCourierToken(call);
    expect(used).toEqual(['cookie-token']);
    expect(session.cookieOutdated).toBe(false);
    expect((await tokenCache.sessionTokens().newest(SID))?.value).toBe('cookie-token');
  });

  it('is renewed through the courier first when due, naming the address the dispatcher signed in from', async () => {
    const { log, messages } = recordingLog();
    const session = sessionWith(token('due-token', 10, Date.now() - 1), { log });
    const { call, used } = courierCall();
    const logins = courier.logins;
    await session.withCourierToken(call);
    expect(courier.logins).toBe(logins + 1);
    expect(used).toEqual([courier.issuedTokens.at(-1)]);
    expect(courier.lastLogin?.headers['x-end-user-address']).toBe('192.0.2.44');
    expect(session.cookieOutdated).toBe(true);
    expect(messages()).toContain('courier token renewed');
  });
});

describe('a token the courier rejects', () => {
  it('is replaced by a login and the call retried; the log says which token was rejected', async () => {
    const { log, lines } = recordingLog();
    const session = sessionWith(token('rejected', Date.parse('2026-03-02T15:00:00Z')), { log });
    const { call, used } = courierCall(new Set(['rejected']));
    const logins = courier.logins;
    await session.withCourierToken(call);
    expect(courier.logins).toBe(logins + 1);
    expect(used).toEqual(['rejected', courier.issuedTokens.at(-1)]);
    expect(lines.find((line) => line.msg === 'courier token rejected: replacing it')).toMatchObject(
      {
        courierCode: -155,
        tokenIssuedAt: '2026-03-02T15:00:00.000Z',
      },
    );
  });

  it('is replaced by a newer token this process keeps, without a login, while that one is fresh', async () => {
    const session = sessionWith(token('rejected', 10));
    const refused = new Set(['rejected']);
    const used: string[] = [];
    const call = async (accessToken: string) => {
      used.push(accessToken);
      // Another request of the session renewed the token meanwhile.
      if (accessToken === 'rejected')
        await tokenCache.rememberToken(SID, token('renewed-meanwhile', 20));
      if (refused.has(accessToken)) throw new courierModule.CourierTokenRejected(-155);
      return 'quoted';
    };
    const logins = courier.loginAttempts;
    await session.withCourierToken(call);
    expect(used).toEqual(['rejected', 'renewed-meanwhile']);
    expect(courier.loginAttempts).toBe(logins);
  });

  it('is not replaced by a newer kept token that is itself due for renewal: a login is made', async () => {
    const session = sessionWith(token('rejected', 10));
    const used: string[] = [];
    const call = async (accessToken: string) => {
      used.push(accessToken);
      if (accessToken === 'rejected') {
        await tokenCache.rememberToken(SID, token('kept-but-due', 20, Date.now() - 1));
        throw new courierModule.CourierTokenRejected(-155);
      }
      return 'quoted';
    };
    const logins = courier.logins;
    await session.withCourierToken(call);
    expect(courier.logins).toBe(logins + 1);
    expect(used).toEqual(['rejected', courier.issuedTokens.at(-1)]);
  });

  it('ends the session when the token a login just issued for this retry is refused at once', async () => {
    const session = sessionWith(token('rejected', 10));
    const logins = courier.logins;
    const error = await failureOf(
      session.withCourierToken(async () => {
        throw new courierModule.CourierTokenRejected(-155);
      }),
    );
    expect(error.code).toBe('session_expired');
    expect(error.message).toBe('Your session has ended. Please sign in again.');
    expect(courier.logins).toBe(logins + 1);
  });
});

describe('a burst of one session’s requests meeting a courier that refuses every token', () => {
  const refuseAll = async () => {
    throw new courierModule.CourierTokenRejected(-156);
  };

  it('makes one login: the requests that meet the rejection late retry with the token it issued, and its refusal ends the session for them too', async () => {
    const logins = courier.logins;
    const first = sessionWith(token('rejected', 10));
    expect((await failureOf(first.withCourierToken(refuseAll))).code).toBe('session_expired');
    expect(courier.logins).toBe(logins + 1);

    // Requests of the same cookie that passed the cookie check before the session ended: one
    // takes the token the server keeps (the login's), one the cookie's once the server forgot
    // the session's tokens (the session handler's endSession).
    const holdingKept = sessionWith(token('rejected', 10));
    expect((await failureOf(holdingKept.withCourierToken(refuseAll))).code).toBe('session_expired');
    await tokenCache.sessionTokens().forget(SID);
    const holdingCookie = sessionWith(token('rejected', 10));
    expect((await failureOf(holdingCookie.withCourierToken(refuseAll))).code).toBe(
      'session_expired',
    );
    expect(courier.logins).toBe(logins + 1);
  });

  it('a replacement the courier took once is renewed by a login when it is rejected later: the session goes on', async () => {
    const refused = new Set(['rejected']);
    const { call, used } = courierCall(refused);
    const logins = courier.logins;
    await sessionWith(token('rejected', 10)).withCourierToken(call);
    const replacement = used.at(-1)!;
    // The courier ends that token after some quotes, as the legacy courier does.
    refused.add(replacement);
    expect(await sessionWith(token('rejected', 10)).withCourierToken(call)).toBe(
      `quoted with ${courier.issuedTokens.at(-1)}`,
    );
    expect(used).toEqual(['rejected', replacement, replacement, courier.issuedTokens.at(-1)]);
    expect(courier.logins).toBe(logins + 2);
  });
});

describe('renewing the token', () => {
  it('ends the session once the password no longer works at the courier', async () => {
    const session = sessionWith(token('due', 10, Date.now() - 1), { password: 'changed-since' });
    const error = await failureOf(session.withCourierToken(courierCall().call));
    expect(error.code).toBe('session_expired');
  });

  it('refused while the token is still accepted: the session keeps quoting with it, and asks again only after a back-off', async () => {
    courier.scriptLogin({ code: -165, message: 'Demasiados intentos' });
    const { log, lines } = recordingLog();
    const session = sessionWith(token('due-but-valid', 10, Date.now() - 1), { log });
    const logins = courier.loginAttempts;
    const { call, used } = courierCall();
    expect(await session.withCourierToken(call)).toBe('quoted with due-but-valid');
    expect(await session.withCourierToken(call)).toBe('quoted with due-but-valid');
    expect(used).toEqual(['due-but-valid', 'due-but-valid']);
    expect(courier.loginAttempts).toBe(logins + 1);
    expect(lines.find((line) => line.renewal === 'refused')).toMatchObject({
      outcome: 'rate_limited',
      refusals: 1,
    });
  });

  it('refused once the token has expired: the quote is answered courier_unavailable with a Retry-After, and the session goes on', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    courier.scriptLogin({ status: 503 });
    const expired = { ...token('expired', 10, Date.now() - 120_000), expiresAt: Date.now() - 1 };
    const session = sessionWith(expired);
    const logins = courier.loginAttempts;
    const error = await failureOf(session.withCourierToken(courierCall().call));
    expect(error.code).toBe('courier_unavailable');
    expect(error.details.retryAfterSeconds).toBe(sessions.RENEWAL_BACK_OFF_MS / 1000);
    // Within the back-off the courier is not asked again.
    expect((await failureOf(session.withCourierToken(courierCall().call))).code).toBe(
      'courier_unavailable',
    );
    expect(courier.loginAttempts).toBe(logins + 1);
    vi.setSystemTime(Date.now() + sessions.RENEWAL_BACK_OFF_MS);
    await expect(session.withCourierToken(courierCall().call)).resolves.toMatch(/^quoted with /);
  });

  it('is not tried once the session has reached its end: the dispatcher signs in again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const startedAt = Date.parse('2026-03-02T03:00:00Z');
    vi.setSystemTime(startedAt + 12 * HOUR);
    const session = sessionWith(token('due', 10, startedAt + HOUR), { startedAt });
    expect(session.endsAt).toBe(startedAt + 12 * HOUR);
    const logins = courier.loginAttempts;
    const error = await failureOf(session.withCourierToken(courierCall().call));
    expect(error.code).toBe('session_expired');
    expect(courier.loginAttempts).toBe(logins);
  });
});
