import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/http/api-error';
import { resetProcessSingletons } from '@/lib/process-singleton';
import {
  startLegacyCourier,
  type LegacyCourier,
  type ScriptedAnswer,
} from '@/test/support/legacy-courier';
import type * as SignIn from './sign-in';

// A dispatcher signs in through a real courier: the legacy stand-in on a loopback port. The
// module's rules (which courier answers leave an attempt unjudged) are built when it loads, so it
// is loaded afresh for each test: mutation testing (`ignoreStatic`) then runs these tests against
// a changed rule.
let signInModule: typeof SignIn;
let ApiErrorClass: typeof ApiError;
let courier: LegacyCourier;

const PASSWORD = 'demo-password';
const ACCOUNT = 'dispatcher@example.com';
const EVERYONE: Record<string, string> = { [ACCOUNT]: PASSWORD };
// Dispatchers kept busy while the sign-ins in flight are full (see "too many sign-ins wait").
for (let i = 0; i < 20; i += 1) EVERYONE[`waiting-${i}@example.com`] = PASSWORD;

interface LogLine {
  msg: string;
  [field: string]: unknown;
}

function recordingLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const signInLines = () =>
    lines
      .filter((line) => 'signIn' in line)
      .map(({ signIn, outcome, rule, account, address, session, msg }) =>
        Object.fromEntries(
          Object.entries({ signIn, outcome, rule, account, address, session, msg }).filter(
            ([, value]) => value !== undefined,
          ),
        ),
      );
  return { log, lines, signInLines };
}

// One courier for the file (starting one makes a key pair); each test's scripted answers are used
// up by that test, unless it fails halfway.
beforeAll(async () => {
  courier = await startLegacyCourier({ accounts: EVERYONE });
});
afterAll(() => courier.close());

beforeEach(async () => {
  resetProcessSingletons();
  vi.stubEnv('COURIER_BASE_URL', courier.url);
  vi.stubEnv('COURIER_CLIENT_ID', 'legacy-client');
  vi.stubEnv('COURIER_CLIENT_SECRET', 'legacy-client-secret-8c1f');
  vi.resetModules();
  signInModule = await import('./sign-in');
  ({ ApiError: ApiErrorClass } = await import('@/lib/http/api-error'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetProcessSingletons();
});

const signIn = (
  email: string,
  password: string,
  address: string,
  log = recordingLog().log,
): ReturnType<typeof SignIn.signIn> => signInModule.signIn({ email, password }, { address, log });

/** The error a sign-in was refused with. */
/**
 * Refusals as they come, on a clock of the test's own: each waits for its pause
 * (REFUSAL_PAUSE_MS) to be set, none settles at 999 ms, all do at 1000.
 */
async function refusedAfterThePause(attempts: () => Promise<unknown>[]): Promise<ApiError[]> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let settled = 0;
    const errors = attempts().map((attempt) => refusal(attempt).finally(() => (settled += 1)));
    // (Not vi.waitFor: on fake timers it moves the clock itself.)
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    while (vi.getTimerCount() < errors.length) await turn();
    for (let i = 0; i < 10; i++) await turn();
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await turn();
    expect(settled).toBe(errors.length);
    return await Promise.all(errors);
  } finally {
    vi.useRealTimers();
  }
}

async function refusal(attempt: Promise<unknown>): Promise<ApiError> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiErrorClass);
  return error as ApiError;
}

describe('a dispatcher signing in', () => {
  it('gets a new session with the profile the courier gave, and its token kept', async () => {
    const { log, signInLines } = recordingLog();
    const before = Date.now();
    const session = await signIn(ACCOUNT, PASSWORD, '192.0.2.10', log);
    expect(session).toStrictEqual({
      v: 1,
      sid: session.sid,
      user: { email: ACCOUNT, name: 'Dulce Ramírez', zone: 'cdmx' },
      login: { email: ACCOUNT, password: PASSWORD },
      // The courier's idClient of the account (the stand-in's): the team of quote records.
      courierClientId: 4821,
      token: session.token,
      startedAt: session.startedAt,
      address: '192.0.2.10',
    });
    expect(session.startedAt).toBeGreaterThanOrEqual(before);
    expect(session.startedAt).toBeLessThanOrEqual(Date.now());
    // 18 random bytes: 24 characters of base64url, never the same twice.
    expect(session.sid).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(session.token.value).toBe(courier.issuedTokens.at(-1));
    // The courier was told the dispatcher's address.
    expect(courier.lastLogin?.headers['x-end-user-address']).toBe('192.0.2.10');
    const { sessionTokens } = await import('./token-cache');
    expect(await sessionTokens().newest(session.sid)).toEqual(session.token);
    expect(signInLines()).toEqual([
      {
        signIn: 'ok',
        session: session.sid.slice(0, 8),
        account: ACCOUNT,
        address: '192.0.2.10',
        msg: 'dispatcher signed in',
      },
    ]);
    const again = await signIn(ACCOUNT, PASSWORD, '192.0.2.10');
    expect(again.sid).not.toBe(session.sid);
  });

  const profileAnswer = (data: Record<string, unknown>): ScriptedAnswer => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ code: 0, data, token: { access_token: 'opaque-token' } }),
  });

  it("shows the courier's name and e-mail without the spaces around them", async () => {
    courier.scriptLogin(
      profileAnswer({ email: '  Ana.Lopez@Example.mx ', name: '  Ana López  ', zone: 'gdl' }),
    );
    const session = await signIn('ana.lopez@example.mx', 'pw', '192.0.2.11');
    expect(session.user).toStrictEqual({
      email: 'Ana.Lopez@Example.mx',
      name: 'Ana López',
      zone: 'gdl',
    });
    // The courier is signed in to with what the dispatcher typed, whatever the profile says.
    expect(session.login).toEqual({ email: 'ana.lopez@example.mx', password: 'pw' });
  });

  it('is named after the e-mail when the courier gives no name (or only spaces), and has no zone when it gives none', async () => {
    courier.scriptLogin(profileAnswer({ email: ' ana@example.mx ', name: '   ' }));
    const named = await signIn('ana@example.mx', 'pw', '192.0.2.12');
    expect(named.user).toStrictEqual({ email: 'ana@example.mx', name: 'ana' });

    courier.scriptLogin(profileAnswer({ email: '   ' }));
    const unnamed = await signIn('beto@example.mx', 'pw', '192.0.2.12');
    expect(unnamed.user).toStrictEqual({ email: 'beto@example.mx', name: 'beto' });

    courier.scriptLogin(profileAnswer({}));
    const bare = await signIn('carla@example.mx', 'pw', '192.0.2.12');
    expect(bare.user).toStrictEqual({ email: 'carla@example.mx', name: 'carla' });
  });

  it('with a wrong password is refused with the courier’s answer, and the log names the outcome', async () => {
    const { log, signInLines } = recordingLog();
    const error = await refusal(signIn('Dispatcher@Example.com', 'wrong', '192.0.2.13', log));
    expect(error.code).toBe('invalid_credentials');
    expect(signInLines()).toEqual([
      {
        signIn: 'refused',
        outcome: 'invalid_credentials',
        account: ACCOUNT,
        address: '192.0.2.13',
        msg: 'sign-in refused',
      },
    ]);
  });
});

describe('holding back guessing', () => {
  it('after five wrong passwords from one address, the sixth attempt is refused without asking the courier, in any letter case', async () => {
    const address = '192.0.2.20';
    for (const email of [
      ACCOUNT,
      'DISPATCHER@example.com',
      ACCOUNT,
      'Dispatcher@Example.com',
      ACCOUNT,
    ]) {
      expect((await refusal(signIn(email, 'wrong', address))).code).toBe('invalid_credentials');
    }
    const asked = courier.loginAttempts;
    const { log, signInLines } = recordingLog();
    // A refusal is answered after a pause, so a guesser gets one a second at most.
    const error = (
      await refusedAfterThePause(() => [signIn(' DISPATCHER@EXAMPLE.COM ', PASSWORD, address, log)])
    )[0]!;
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe('Too many sign-in attempts. Please wait and try again.');
    expect(error.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(courier.loginAttempts).toBe(asked);
    expect(signInLines()).toEqual([
      {
        signIn: 'refused',
        outcome: 'rate_limited',
        rule: 'pair',
        account: ACCOUNT,
        address,
        msg: 'sign-in refused',
      },
    ]);
    // Another address is not held back.
    await expect(signIn(ACCOUNT, PASSWORD, '192.0.2.21')).resolves.toMatchObject({
      user: { email: ACCOUNT },
    });
  });

  it('a request the courier could not read counts as an attempt', async () => {
    const address = '192.0.2.22';
    for (let i = 0; i < 5; i += 1) {
      courier.scriptLogin({ code: -100, message: 'Formato invalido' });
      expect((await refusal(signIn(ACCOUNT, PASSWORD, address))).code).toBe('courier_rejected');
    }
    expect((await refusal(signIn(ACCOUNT, PASSWORD, address))).code).toBe('rate_limited');
  });

  // The courier was down, slow, garbled or busy: the password was never judged, so the attempt
  // does not count, and an outage does not hold the dispatcher back once the courier is back.
  const unjudged: Array<[string, ScriptedAnswer]> = [
    ['courier_unavailable', { status: 503 }],
    ['courier_timeout', { status: 504 }],
    ['courier_error', { html500: true }],
    ['rate_limited', { code: -165, message: 'Demasiados intentos' }],
  ];
  it.each(unjudged)(
    'an answer that leaves the password unjudged (%s) does not count against the dispatcher',
    async (outcome, answer) => {
      const address = '192.0.2.30';
      const { log, signInLines } = recordingLog();
      for (let i = 0; i < 6; i += 1) {
        courier.scriptLogin(answer);
        expect((await refusal(signIn(ACCOUNT, PASSWORD, address, log))).code).toBe(outcome);
      }
      expect(signInLines()[0]).toEqual({
        signIn: 'refused',
        outcome,
        account: ACCOUNT,
        address,
        msg: 'sign-in refused',
      });
      await expect(signIn(ACCOUNT, PASSWORD, address)).resolves.toMatchObject({
        user: { email: ACCOUNT },
      });
    },
  );
});

describe('too many sign-ins at once', () => {
  /** Fills the sign-ins in flight (8) and their queue (8) with logins the courier holds. */
  async function fillTheGate() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers: ScriptedAnswer[] = Array.from({ length: 8 }, () => ({ until: held }));
    courier.scriptLogin(...answers);
    const before = courier.loginAttempts;
    // Settled whatever happens, so that a failing test leaves no rejection unhandled.
    const waiting = Array.from({ length: 16 }, (_, i) =>
      signIn(`waiting-${i}@example.com`, PASSWORD, `198.51.100.${i + 1}`).then(
        (session) => session.user.email,
        (error: unknown) => error,
      ),
    );
    await vi.waitFor(() => expect(courier.loginAttempts - before).toBe(8));
    return {
      async release() {
        release();
        expect(await Promise.all(waiting)).toEqual(
          Array.from({ length: 16 }, (_, i) => `waiting-${i}@example.com`),
        );
      },
    };
  }

  it('refuses the excess after a pause, as a courier that is busy, without counting it', async () => {
    const gate = await fillTheGate();
    const address = '203.0.113.5';
    const { log, signInLines } = recordingLog();
    const errors = await refusedAfterThePause(() =>
      Array.from({ length: 5 }, () => signIn(ACCOUNT, PASSWORD, address, log)),
    );
    for (const error of errors) {
      expect(error.code).toBe('courier_unavailable');
      expect(error.message).toBe('Too many sign-ins at once. Please try again.');
      expect(error.details.retryAfterSeconds).toBe(1);
    }
    expect(signInLines()[0]).toEqual({
      signIn: 'refused',
      outcome: 'busy',
      account: ACCOUNT,
      address,
      msg: 'sign-in refused',
    });
    await gate.release();
    // Five refusals from one address (as many as it may make), none of them counted: the next attempt goes through.
    await expect(signIn(ACCOUNT, PASSWORD, address)).resolves.toMatchObject({
      user: { email: ACCOUNT },
    });
  });

  it('lets a dispatcher at an address where they signed in lately wait their turn first', async () => {
    const address = '203.0.113.6';
    await signIn(ACCOUNT, PASSWORD, address);
    const gate = await fillTheGate();
    const known = signIn(ACCOUNT, PASSWORD, address);
    await gate.release();
    await expect(known).resolves.toMatchObject({ user: { email: ACCOUNT }, address });
  });
});
