import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

describe('the sign-out list, at its edges', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'revocations-'));
  const fileLines = (dir: string) =>
    readFileSync(join(dir, REVOCATIONS_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);

  it('files an account under the first 22 characters of its keyed hash', () => {
    // HMAC-SHA256 of "account:dana@example.com" under the secret, in base64url.
    expect(accountKey('dana@example.com', 'secret-one-0123456789-0123456789')).toBe(
      '1ttNo9-6pWvRSDqiI7jPTP',
    );
  });

  it('refuses a session until the moment its sign-out ends, not after', async () => {
    let now = 10_000;
    const list = store(fresh(), () => now);
    await list.revokeSession(session('sid-1'), 20_000);
    await list.revokeAccount('acct-b', 9_000, 20_000);
    now = 19_999;
    expect(await list.isRevoked(session('sid-1'))).toBe(true);
    expect(await list.isRevoked(session('x', 'acct-b', 9_000))).toBe(true);
    now = 20_000;
    expect(await list.isRevoked(session('sid-1'))).toBe(false);
    expect(await list.isRevoked(session('x', 'acct-b', 9_000))).toBe(false);
    expect(await list.live()).toEqual({ sessions: [], accounts: [] });
  });

  it('signing out everywhere twice keeps the later moment and the later end', async () => {
    const dir = fresh();
    const list = store(dir, () => 10_000);
    await list.revokeAccount('acct-a', 9_000, 50_000);
    await list.revokeAccount('acct-a', 5_000, 40_000);
    expect((await list.live()).accounts).toEqual([{ account: 'acct-a', at: 9_000, until: 50_000 }]);
    await list.revokeAccount('acct-a', 9_500, 60_000);
    expect((await list.live()).accounts).toEqual([{ account: 'acct-a', at: 9_500, until: 60_000 }]);
    // Read back after a restart, the same.
    expect((await store(dir, () => 10_000).live()).accounts).toEqual([
      { account: 'acct-a', at: 9_500, until: 60_000 },
    ]);
  });

  it('a session signed out again counts as the newest when the list must make room', async () => {
    const { lines, log } = quietLog();
    const list = new FileRevocationStore({
      dir: fresh(),
      maxSessions: 2,
      maxAccounts: 100,
      log,
      now: () => 10_000,
    });
    await list.revokeSession(session('first', 'acct-first', 1_000), 10 * HOUR);
    await list.revokeSession(session('second', 'acct-second', 1_000), 10 * HOUR);
    await list.revokeSession(session('first', 'acct-first', 1_000), 10 * HOUR);
    expect(lines).toEqual([]);
    await list.revokeSession(session('third', 'acct-third', 1_000), 10 * HOUR);
    // "second" was the oldest: its account is signed out everywhere instead.
    expect((await list.live()).accounts.map(({ account }) => account)).toEqual(['acct-second']);
    expect((await list.live()).sessions.map(({ session }) => session.sid)).toEqual([
      'first',
      'third',
    ]);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'sign-out list full: an account was signed out everywhere to make room',
      },
    ]);
  });

  it.each(['sessions', 'accounts'] as const)(
    'a full list of %s makes room by dropping expired sign-outs first',
    async (kind) => {
      const { lines, log } = quietLog();
      let now = 10_000;
      const list = new FileRevocationStore({
        dir: fresh(),
        maxSessions: 2,
        maxAccounts: 2,
        log,
        now: () => now,
      });
      const revoke = (name: string, until: number) =>
        kind === 'sessions'
          ? list.revokeSession(session(name, `acct-${name}`), until)
          : list.revokeAccount(`acct-${name}`, 9_000, until);
      await revoke('short', 12_000);
      await revoke('long', 10 * HOUR);
      now = 12_000;
      await revoke('new', 10 * HOUR);
      expect(lines).toEqual([]);
      expect(list.size[kind]).toBe(2);
      expect(list.size.accounts).toBe(kind === 'accounts' ? 2 : 0);
    },
  );

  it('a list of accounts signed out everywhere that is full forgets the oldest, and says so', async () => {
    const { lines, log } = quietLog();
    const list = new FileRevocationStore({
      dir: fresh(),
      maxSessions: 100,
      maxAccounts: 2,
      log,
      now: () => 10_000,
    });
    await list.revokeAccount('acct-a', 9_000, 10 * HOUR);
    await list.revokeAccount('acct-b', 9_000, 10 * HOUR);
    // Signed out everywhere again: now the newest.
    await list.revokeAccount('acct-a', 9_000, 10 * HOUR);
    expect(lines).toEqual([]);
    await list.revokeAccount('acct-c', 9_000, 10 * HOUR);
    expect((await list.live()).accounts.map(({ account }) => account)).toEqual([
      'acct-a',
      'acct-c',
    ]);
    expect(await list.isRevoked(session('x', 'acct-b', 1_000))).toBe(false);
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'sign-out list full: the oldest sign-out everywhere was forgotten',
      },
    ]);
  });

  it('appends each sign-out to the file as one line, expired ones included until the file is rewritten', async () => {
    const dir = fresh();
    let now = 10_000;
    const list = store(dir, () => now);
    for (let i = 0; i < 5; i++) await list.revokeSession(session(`short-${i}`), 11_000);
    now = 12_000;
    await list.revokeAccount('acct-b', 9_000, 10 * HOUR);
    expect(fileLines(dir)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => ({ s: `short-${i}`, a: 'acct-a', t: 1_000, u: 11_000 })),
      { a: 'acct-b', b: 9_000, u: 10 * HOUR },
    ]);
  });

  it('rewrites the file with accounts and sessions alike, and goes on appending after', async () => {
    const dir = fresh();
    let now = 10_000;
    const list = store(dir, () => now, { maxSessions: 10_000, maxAccounts: 10 });
    await list.revokeAccount('acct-kept', 9_000, 10 * HOUR);
    for (let i = 0; i < 1_010; i++) await list.revokeSession(session(`short-${i}`), 11_000);
    now = 12_000;
    await list.revokeSession(session('kept'), 10 * HOUR);
    expect(fileLines(dir)).toEqual([
      { a: 'acct-kept', b: 9_000, u: 10 * HOUR },
      { s: 'kept', a: 'acct-a', t: 1_000, u: 10 * HOUR },
    ]);
    await list.revokeSession(session('after'), 10 * HOUR);
    expect(fileLines(dir)).toHaveLength(3);
    const restarted = store(dir, () => now);
    expect(await restarted.isRevoked(session('after'))).toBe(true);
    expect(await restarted.isRevoked(session('x', 'acct-kept', 9_000))).toBe(true);
  });

  it('reads back only well-formed lines still in force, and skips blank ones', async () => {
    const dir = fresh();
    const far = 10 * HOUR;
    writeFileSync(
      join(dir, REVOCATIONS_FILE),
      [
        JSON.stringify({ s: 'good', a: 'acct-a', t: 1_000, u: far }),
        '',
        '   ',
        JSON.stringify({ s: 'ended', a: 'acct-a', t: 1_000, u: 10_000 }),
        JSON.stringify({ a: 'acct-ended', b: 9_000, u: 10_000 }),
        JSON.stringify({ s: 7, a: 'acct-a', t: 1_000, u: far }),
        JSON.stringify({ s: 'no-account', a: 7, t: 1_000, u: far }),
        JSON.stringify({ s: 'no-start', a: 'acct-a', t: '1000', u: far }),
        JSON.stringify({ s: 'no-end', a: 'acct-a', t: 1_000, u: String(far) }),
        JSON.stringify({ s: 'odd', a: 'acct-s', b: 9_000, u: far }),
        JSON.stringify({ a: 7, b: 9_000, u: far }),
        JSON.stringify({ a: 'acct-no-moment', b: '9000', u: far }),
        JSON.stringify({ a: 'acct-no-end', b: 9_000, u: String(far) }),
        'null',
        '7',
        JSON.stringify({ a: 'acct-good', b: 9_000, u: far }),
        '',
      ].join('\n'),
    );
    const { lines, log } = quietLog();
    const list = new FileRevocationStore({
      dir,
      maxSessions: 100,
      maxAccounts: 100,
      log,
      now: () => 10_000,
    });
    expect(await list.isRevoked(session('good'))).toBe(true);
    expect(list.size).toEqual({ sessions: 1, accounts: 1 });
    expect(await list.live()).toEqual({
      sessions: [{ session: session('good'), until: far }],
      accounts: [{ account: 'acct-good', at: 9_000, until: far }],
    });
    // A missing file is no failure; a file that reads is none either.
    expect(lines).toEqual([]);
    const { lines: none, log: quiet } = quietLog();
    await new FileRevocationStore({
      dir: join(fresh(), 'new'),
      maxSessions: 1,
      maxAccounts: 1,
      log: quiet,
    }).live();
    expect(none).toEqual([]);
  });

  it('after the file fails once, sign-outs are kept in memory only', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'revocations-'));
    const dir = join(parent, 'data');
    const { lines, log } = quietLog();
    const list = new FileRevocationStore({
      dir,
      maxSessions: 10,
      maxAccounts: 10,
      log,
      now: () => 10_000,
    });
    await list.revokeSession(session('sid-1'), 10 * HOUR);
    // The file's place taken by a directory: appending fails.
    rmSync(join(dir, REVOCATIONS_FILE));
    mkdirSync(join(dir, REVOCATIONS_FILE));
    await list.revokeSession(session('sid-2'), 10 * HOUR);
    expect(lines.map(({ level }) => level)).toEqual(['error']);
    rmdirSync(join(dir, REVOCATIONS_FILE));
    await list.revokeSession(session('sid-3'), 10 * HOUR);
    expect(existsSync(join(dir, REVOCATIONS_FILE))).toBe(false);
    expect(await list.isRevoked(session('sid-3'))).toBe(true);
    expect(lines).toHaveLength(1);
  });
});
