import 'server-only';
import { createHmac } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { log as rootLog } from '@/lib/log';

type Logger = typeof rootLog;

/**
 * Sessions that were signed out before their cookie expired: one session (sign-out on a device),
 * or every session of an account started up to a moment (sign-out everywhere). A cookie is a
 * sealed value the server cannot take back, so this list is what refuses it from then on. It must
 * outlive a restart, and is bounded.
 *
 * `RevocationStore` is what the session code uses. This module holds the single-process default,
 * kept in memory and in one small append-only file under DATA_DIR; a shared store (Redis, for
 * several instances) implements the same three calls with keys that expire on their own.
 */
export interface SessionRef {
  sid: string;
  /** The account's key (`accountKey`), never the e-mail itself. */
  account: string;
  startedAt: number;
}

export interface RevocationStore {
  /** Whether the session was signed out, alone or with every session of its account. */
  isRevoked(session: SessionRef): Promise<boolean>;
  /** Signs one session out until `until` (when its cookie would have expired anyway). */
  revokeSession(session: SessionRef, until: number): Promise<void>;
  /** Signs out every session of `account` that started at or before `at`, until `until`. */
  revokeAccount(account: string, at: number, until: number): Promise<void>;
}

/**
 * The key an account is filed under: an HMAC of its e-mail under SESSION_SECRET, so the file
 * holds no e-mail. Rotating the secret ends every session anyway, so its old keys mean nothing.
 */
export function accountKey(email: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`account:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface FileRevocationOptions {
  dir: string;
  /** Single sign-outs kept at most; beyond, the oldest is folded into its account (see below). */
  maxSessions: number;
  /** Accounts signed out everywhere, kept at most. */
  maxAccounts: number;
  log: Logger;
  now?: () => number;
}

type SessionLine = { s: string; a: string; t: number; u: number };
type AccountLine = { a: string; b: number; u: number };

export const REVOCATIONS_FILE = 'revocations.jsonl';

/**
 * The single-process store: two maps in memory, every change appended to
 * `<DATA_DIR>/revocations.jsonl` (one JSON line each, synced to disk before the sign-out is
 * answered), and the file rewritten without its expired lines now and then. Read once, at the
 * first use after start-up.
 *
 * Bounded: when single sign-outs reach `maxSessions`, the oldest is folded into its account —
 * every session of that account started no later than it is ended — so room is made by signing
 * out more, never by letting a signed-out cookie back in.
 */
export class FileRevocationStore implements RevocationStore {
  private readonly sessions = new Map<
    string,
    { account: string; startedAt: number; until: number }
  >();
  private readonly accounts = new Map<string, { before: number; until: number }>();
  private readonly file: string;
  private readonly now: () => number;
  private loaded: Promise<void> | undefined;
  /** Appends and rewrites one at a time, in order. */
  private writes: Promise<void> = Promise.resolve();
  private linesInFile = 0;
  private fileWorks = true;

  constructor(private readonly options: FileRevocationOptions) {
    this.file = join(options.dir, REVOCATIONS_FILE);
    this.now = options.now ?? (() => Date.now());
  }

  /** Every sign-out still in force (a shared store is refilled from these when it comes back). */
  async live(): Promise<{
    sessions: Array<{ session: SessionRef; until: number }>;
    accounts: Array<{ account: string; at: number; until: number }>;
  }> {
    await this.load();
    this.dropExpired();
    return {
      sessions: [...this.sessions].map(([sid, { account, startedAt, until }]) => ({
        session: { sid, account, startedAt },
        until,
      })),
      accounts: [...this.accounts].map(([account, { before, until }]) => ({
        account,
        at: before,
        until,
      })),
    };
  }

  get size(): { sessions: number; accounts: number } {
    return { sessions: this.sessions.size, accounts: this.accounts.size };
  }

  async isRevoked({ sid, account, startedAt }: SessionRef): Promise<boolean> {
    await this.load();
    const now = this.now();
    const single = this.sessions.get(sid);
    if (single && single.until > now) return true;
    const everywhere = this.accounts.get(account);
    return everywhere !== undefined && everywhere.until > now && startedAt <= everywhere.before;
  }

  async revokeSession({ sid, account, startedAt }: SessionRef, until: number): Promise<void> {
    await this.load();
    const line: SessionLine = { s: sid, a: account, t: startedAt, u: until };
    this.applySession(line);
    await this.record([line]);
  }

  async revokeAccount(account: string, at: number, until: number): Promise<void> {
    await this.load();
    const line: AccountLine = { a: account, b: at, u: until };
    this.applyAccount(line);
    await this.record([line]);
  }

  private applySession({ s, a, t, u }: SessionLine): void {
    this.sessions.delete(s);
    this.sessions.set(s, { account: a, startedAt: t, until: u });
    if (this.sessions.size <= this.options.maxSessions) return;
    this.dropExpired();
    while (this.sessions.size > this.options.maxSessions) {
      const [oldestSid, oldest] = this.sessions.entries().next().value!;
      this.sessions.delete(oldestSid);
      this.applyAccount({ a: oldest.account, b: oldest.startedAt, u: oldest.until });
      this.options.log.warn(
        { revokedSessions: this.sessions.size },
        'sign-out list full: an account was signed out everywhere to make room',
      );
    }
  }

  private applyAccount({ a, b, u }: AccountLine): void {
    const kept = this.accounts.get(a);
    this.accounts.delete(a);
    this.accounts.set(a, {
      before: Math.max(b, kept?.before ?? 0),
      until: Math.max(u, kept?.until ?? 0),
    });
    if (this.accounts.size <= this.options.maxAccounts) return;
    this.dropExpired();
    while (this.accounts.size > this.options.maxAccounts) {
      const oldest = this.accounts.keys().next().value!;
      this.accounts.delete(oldest);
      this.options.log.error(
        { revokedAccounts: this.accounts.size },
        'sign-out list full: the oldest sign-out everywhere was forgotten',
      );
    }
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [sid, entry] of this.sessions) if (entry.until <= now) this.sessions.delete(sid);
    for (const [key, entry] of this.accounts) if (entry.until <= now) this.accounts.delete(key);
  }

  private load(): Promise<void> {
    this.loaded ??= this.readFile();
    return this.loaded;
  }

  private async readFile(): Promise<void> {
    let text = '';
    try {
      await mkdir(this.options.dir, { recursive: true });
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') this.fileFailed(error, 'read');
    }
    const now = this.now();
    for (const raw of text.split('\n')) {
      if (!raw.trim()) continue;
      this.linesInFile += 1;
      let line: unknown;
      try {
        line = JSON.parse(raw);
      } catch {
        continue; // a line cut short by a crash mid-write
      }
      if (isSessionLine(line) && line.u > now) this.applySession(line);
      else if (isAccountLine(line) && line.u > now) this.applyAccount(line);
    }
  }

  /** Appends lines (rewriting the file instead when it has grown well past what is live). */
  private record(lines: Array<SessionLine | AccountLine>): Promise<void> {
    const write = this.writes.then(async () => {
      if (!this.fileWorks) return;
      try {
        this.dropExpired();
        const live = this.sessions.size + this.accounts.size;
        if (this.linesInFile + lines.length > 2 * live + 1_000) await this.rewrite();
        else await this.append(lines.map((line) => JSON.stringify(line) + '\n').join(''));
      } catch (error) {
        this.fileFailed(error, 'write');
      }
    });
    this.writes = write;
    return write;
  }

  private async append(text: string): Promise<void> {
    const handle = await open(this.file, 'a');
    try {
      await handle.appendFile(text);
      // The sign-out is answered once it would survive a crash, not only a restart.
      await handle.datasync();
    } finally {
      await handle.close();
    }
    this.linesInFile += text.split('\n').length - 1;
  }

  /** The live entries only, written to a new file that then takes the old one's place. */
  private async rewrite(): Promise<void> {
    this.dropExpired();
    const lines = [
      ...[...this.accounts].map(([a, { before, until }]) => ({ a, b: before, u: until })),
      ...[...this.sessions].map(([s, { account, startedAt, until }]) => ({
        s,
        a: account,
        t: startedAt,
        u: until,
      })),
    ];
    const next = `${this.file}.${process.pid}.tmp`;
    const handle = await open(next, 'w');
    try {
      await handle.writeFile(lines.map((line) => JSON.stringify(line) + '\n').join(''));
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(next, this.file);
    this.linesInFile = lines.length;
  }

  private fileFailed(error: unknown, what: 'read' | 'write'): void {
    if (what === 'write') this.fileWorks = false;
    this.options.log.error(
      { file: this.file, code: (error as { code?: string }).code, what },
      'sign-out file unusable: sign-outs from now on are kept in memory only and end at a restart',
    );
  }
}

function isSessionLine(line: unknown): line is SessionLine {
  const l = line as Partial<SessionLine> | null;
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof l.s === 'string' &&
    typeof l.a === 'string' &&
    typeof l.t === 'number' &&
    typeof l.u === 'number'
  );
}

function isAccountLine(line: unknown): line is AccountLine {
  const l = line as Partial<AccountLine> | null;
  return (
    typeof l === 'object' &&
    l !== null &&
    !('s' in l) &&
    typeof l.a === 'string' &&
    typeof l.b === 'number' &&
    typeof l.u === 'number'
  );
}
