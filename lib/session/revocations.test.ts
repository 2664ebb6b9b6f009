import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountKey, FileRevocationStore, REVOCATIONS_FILE } from './revocations';

const HOUR = 3_600_000;
const quietLog = () => {
  const lines: Array<{ level: string; message: string }> = [];
  const log = {
    warn: (_: unknown, message: string) => lines.push({ level: 'warn', message }),
    error: (_: unknown, message: string) => lines.push({ level: 'error', message }),
  };
  return {
    lines,
    log: log as unknown as ConstructorParameters<typeof FileRevocationStore>[0]['log'],
  };
};

function store(dir: string, now: () => number, limits = { maxSessions: 100, maxAccounts: 100 }) {
  return new FileRevocationStore({ dir, ...limits, log: quietLog().log, now });
}

const session = (sid: string, account = 'acct-a', startedAt = 1_000) => ({
  sid,
  account,
  startedAt,
});

describe('the sign-out list', () => {
  it('refuses a signed-out session, and only that one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    const now = () => 10_000;
    const list = store(dir, now);
    await list.revokeSession(session('sid-1'), 10 * HOUR);
    expect(await list.isRevoked(session('sid-1'))).toBe(true);
    expect(await list.isRevoked(session('sid-2'))).toBe(false);
  });

  it('signing out everywhere refuses every session of the account started until then, not later ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    const list = store(dir, () => 50_000);
    await list.revokeAccount('acct-a', 40_000, 10 * HOUR);
    expect(await list.isRevoked(session('tablet', 'acct-a', 1_000))).toBe(true);
    expect(await list.isRevoked(session('desk', 'acct-a', 40_000))).toBe(true);
    expect(await list.isRevoked(session('new', 'acct-a', 40_001))).toBe(false);
    expect(await list.isRevoked(session('other', 'acct-b', 1_000))).toBe(false);
  });

  it('lists the sign-outs still in force, to refill a shared store that came back empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    let now = 10_000;
    const list = store(dir, () => now);
    await list.revokeSession(session('sid-live'), 10 * HOUR);
    await list.revokeSession(session('sid-ending'), 20_000);
    await list.revokeAccount('acct-b', 9_000, 10 * HOUR);
    now = 30_000;
    expect(await list.live()).toEqual({
      sessions: [{ session: session('sid-live'), until: 10 * HOUR }],
      accounts: [{ account: 'acct-b', at: 9_000, until: 10 * HOUR }],
    });
  });

  it('survives a restart: a new store reading the same directory refuses the same sessions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    const first = store(dir, () => 10_000);
    await first.revokeSession(session('sid-1'), 10 * HOUR);
    await first.revokeAccount('acct-b', 9_000, 10 * HOUR);
    const restarted = store(dir, () => 20_000);
    expect(await restarted.isRevoked(session('sid-1'))).toBe(true);
    expect(await restarted.isRevoked(session('x', 'acct-b', 8_000))).toBe(true);
    expect(await restarted.isRevoked(session('y', 'acct-b', 9_500))).toBe(false);
  });

  it('forgets sign-outs once the cookies they refuse would have expired anyway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    let now = 10_000;
    const list = store(dir, () => now);
    await list.revokeSession(session('sid-1'), 20_000);
    now = 20_000;
    expect(await list.isRevoked(session('sid-1'))).toBe(false);
    expect(await store(dir, () => now).isRevoked(session('sid-1'))).toBe(false);
  });

  it('a full list makes room by signing the oldest session’s account out everywhere, never by letting it back in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    const list = store(dir, () => 10_000, { maxSessions: 3, maxAccounts: 100 });
    await list.revokeSession(session('oldest', 'acct-a', 1_000), 10 * HOUR);
    for (const sid of ['s2', 's3', 's4'])
      await list.revokeSession(session(sid, 'acct-z', 2_000), 10 * HOUR);
    expect(list.size.sessions).toBe(3);
    expect(await list.isRevoked(session('oldest', 'acct-a', 1_000))).toBe(true);
    // The price: the account's other sessions of that age end too; later ones do not.
    expect(await list.isRevoked(session('sibling', 'acct-a', 900))).toBe(true);
    expect(await list.isRevoked(session('later', 'acct-a', 5_000))).toBe(false);
  });

  it('the file is rewritten without expired lines, and a line cut short by a crash is skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'revocations-'));
    let now = 10_000;
    const list = store(dir, () => now, { maxSessions: 10_000, maxAccounts: 10 });
    for (let i = 0; i < 1_100; i++) await list.revokeSession(session(`short-${i}`), 11_000);
    now = 12_000;
    await list.revokeSession(session('kept'), 10 * HOUR);
    const lines = readFileSync(join(dir, REVOCATIONS_FILE), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ s: 'kept' });
    appendFileSync(join(dir, REVOCATIONS_FILE), '{"s":"cut-sh');
    expect(await store(dir, () => now).isRevoked(session('kept'))).toBe(true);
  });

  it('a directory that cannot be written keeps sign-outs in memory and says so', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'revocations-'));
    // A directory inside a plain file: no one, root included, can create it.
    writeFileSync(join(parent, 'not-a-directory'), '');
    const { lines, log } = quietLog();
    const list = new FileRevocationStore({
      dir: join(parent, 'not-a-directory', 'data'),
      maxSessions: 10,
      maxAccounts: 10,
      log,
    });
    await list.revokeSession(session('sid-1'), Date.now() + HOUR);
    expect(await list.isRevoked(session('sid-1'))).toBe(true);
    expect(lines.filter((line) => line.level === 'error').length).toBeGreaterThan(0);
  });

  it('files accounts under a keyed hash, never the e-mail', () => {
    const key = accountKey(' Dana@Example.com ', 'secret-one-0123456789-0123456789');
    expect(key).toBe(accountKey('dana@example.com', 'secret-one-0123456789-0123456789'));
    expect(key).not.toContain('dana');
    expect(key).not.toBe(accountKey('dana@example.com', 'secret-two-0123456789-0123456789'));
  });
});
