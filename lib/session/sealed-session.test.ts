import { sealData } from 'iron-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProcessSingletons } from '@/lib/process-singleton';
import type * as Sealed from './sealed-session';

// The cookie's shape is checked by a schema built when the module loads. Loaded afresh for each
// test, that building counts as the test's own, so mutation testing (stryker.config.mjs,
// `ignoreStatic`) runs these tests against a changed rule; loaded once for the file, it would not.
let sealed: typeof Sealed;
const SECRET = 'sealed-session-test-secret-0123456789-abcdef';

async function load(secret = SECRET, maxAge = '2h') {
  vi.stubEnv('SESSION_SECRET', secret);
  vi.stubEnv('SESSION_MAX_AGE', maxAge);
  vi.resetModules();
  sealed = await import('./sealed-session');
}

beforeEach(async () => {
  resetProcessSingletons();
  await load();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetProcessSingletons();
});

const session = {
  v: 1 as const,
  sid: 'AbCdEfGhIjKlMnOpQrStUvWx',
  user: { email: 'ana@example.mx', name: 'Ana', zone: 'cdmx' },
  login: { email: 'ana@example.mx', password: 'secret' },
  token: { value: 'tok', issuedAt: 5, expiresAt: 2_000, renewAt: 1_000 },
  startedAt: Date.parse('2026-03-02T15:00:00Z'),
  address: '192.0.2.7',
};

describe('the sealed session cookie', () => {
  it('gives back the session sealed in it, and nothing readable of it', async () => {
    const cookie = await sealed.sealSession(session);
    expect(cookie).not.toContain('secret');
    expect(cookie).not.toContain('ana@');
    expect(await sealed.unsealSession(cookie)).toEqual(session);
    // Read again (from this process's memory of it): the same.
    expect(await sealed.unsealSession(cookie)).toEqual(session);
  });

  it('is nobody once tampered with, or sealed with another secret', async () => {
    const cookie = await sealed.sealSession(session);
    const at = cookie.length - 10;
    const tampered = cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
    expect(await sealed.unsealSession(tampered)).toBeUndefined();
    expect(await sealed.unsealSession('not-a-cookie')).toBeUndefined();
    const foreign = await sealData(session, { password: `${SECRET}-other` });
    expect(await sealed.unsealSession(foreign)).toBeUndefined();
  });

  it('signs everyone out when SESSION_SECRET changes, even a cookie read just before', async () => {
    const cookie = await sealed.sealSession(session);
    expect(await sealed.unsealSession(cookie)).toBeDefined();
    await load(`${SECRET}-rotated`);
    expect(await sealed.unsealSession(cookie)).toBeUndefined();
  });

  it('reads a cookie sealed before tokens had an issue time as holding the oldest token', async () => {
    const { issuedAt: _, ...token } = session.token;
    const cookie = await sealed.sealSession({ ...session, token });
    expect((await sealed.unsealSession(cookie))?.token).toEqual({ ...token, issuedAt: 0 });
    const { address: __, ...withoutAddress } = session;
    expect(await sealed.unsealSession(await sealed.sealSession(withoutAddress))).toEqual(
      withoutAddress,
    );
  });

  it('is nobody when what it holds is not a session of this version', async () => {
    const seal = (value: unknown) => sealData(value, { password: SECRET });
    const refused = [
      { ...session, v: 2 },
      { ...session, sid: 'short-id-123456' },
      { ...session, user: { name: 'Ana' } },
      { ...session, user: { ...session.user, zone: 7 } },
      { ...session, login: { email: 'ana@example.mx' } },
      { ...session, token: { ...session.token, value: undefined } },
      { ...session, token: { ...session.token, expiresAt: 'later' } },
      { ...session, token: { ...session.token, renewAt: undefined } },
      { ...session, token: { ...session.token, issuedAt: 'first' } },
      { ...session, startedAt: undefined },
      { ...session, address: 'a'.repeat(65) },
    ];
    for (const value of refused) {
      expect(await sealed.unsealSession(await seal(value)), JSON.stringify(value)).toBeUndefined();
    }
    expect(
      await sealed.unsealSession(
        await seal({ ...session, sid: 'a'.repeat(16), address: 'a'.repeat(64) }),
      ),
    ).toBeDefined();
  });

  it('ends SESSION_MAX_AGE after the dispatcher signed in', async () => {
    expect(sealed.sessionMaxAgeMs()).toBe(2 * 3_600_000);
    expect(sealed.sessionEndsAt({ startedAt: 1_000 })).toBe(1_000 + 2 * 3_600_000);
  });
});
