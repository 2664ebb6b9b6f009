import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../e2e/support/app-process';
import { fromLoopback } from '../contract/app-fixtures';

const ROOT = join(import.meta.dirname, '..', '..');

/** The production build, made when the sources changed since the last (as `npm start` does). */
export function buildForProduction(): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`.slice(-4_000));
  }
}

/**
 * One production instance of the app as `npm start` serves it (scripts/serve.mjs), on a free
 * loopback port with a data directory of its own. `kill()` is a kill -9: no goodbye.
 */
export interface AppInstance {
  origin: string;
  pid: number;
  /** Every line it wrote (stdout and stderr), in order. */
  readonly lines: string[];
  readonly alive: boolean;
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function startInstance(env: Record<string, string>): Promise<AppInstance> {
  const port = await freePort();
  const lines: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'dispatch-quote-instance-')),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => lines.push(line));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`an instance exited with ${child.exitCode}:\n${lines.join('\n')}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`${origin} did not answer within 90 s:\n${lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    pid: child.pid!,
    lines,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    kill: () => stop('SIGKILL'),
    close: () => stop('SIGTERM'),
  };
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/**
 * A dispatcher's browser in front of a load balancer: one cookie jar, each request sent to the
 * instance the balancer picked, with that instance's own origin (what a balancer in front of all
 * of them would present as one). A request that finds no server there throws, as a balancer would
 * see a dead backend.
 */
export class BalancedBrowser {
  cookie: string | undefined;

  constructor(
    /** The loopback address its connections come from. */
    readonly from = '127.0.0.1',
  ) {}

  async request(
    instance: Pick<AppInstance, 'origin'>,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer> {
    const headers: Record<string, string> = { origin: instance.origin };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(`${instance.origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
      dispatcher: fromLoopback(this.from),
    } as RequestInit);
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (name !== 'dq_session') continue;
      const value = pair.slice(at + 1);
      this.cookie = /max-age=0(;|$)/i.test(header) || !value ? undefined : `${name}=${value}`;
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }
}

/** Picks the next instance in turn, skipping those the caller marked down (passive health check). */
export class RoundRobin<T> {
  private next = 0;
  readonly down = new Set<T>();

  constructor(readonly members: readonly T[]) {}

  pick(): T {
    for (let tried = 0; tried < this.members.length; tried++) {
      const member = this.members[this.next++ % this.members.length]!;
      if (!this.down.has(member)) return member;
    }
    throw new Error('every instance is down');
  }
}
