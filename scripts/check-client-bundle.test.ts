import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, 'check-client-bundle.mjs');
let dir: string;

function bundleWith(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'bundle-check-'));
  const staticDir = join(dir, 'static');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(staticDir, name, '..'), { recursive: true });
    writeFileSync(join(staticDir, name), content);
  }
  return staticDir;
}

function check(staticDir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [SCRIPT, staticDir], {
    env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the client bundle check', () => {
  it('passes a bundle that holds no secret', () => {
    const result = check(
      bundleWith({
        'chunks/app.js': 'const tiles="https://tile.openstreetmap.org/{z}/{x}/{y}.png";',
        'css/app.css': 'body{margin:0}',
      }),
      { SESSION_SECRET: 'a-session-secret-of-at-least-32-characters' },
    );
    expect(result.output).toMatch(/2 files/);
    expect(result.status).toBe(0);
  });

  it('fails on the demo client secret and names the file', () => {
    const result = check(bundleWith({ 'chunks/leak.js': 'const s="demo-secret";' }));
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/chunks\/leak\.js: contains the value of COURIER_CLIENT_SECRET/);
  });

  it('fails on the configured session secret, JWT secret and API client secrets', () => {
    const env = {
      SESSION_SECRET: 'session-secret-value-0123456789-abcdef',
      COURIER_JWT_SECRET: 'jwt-secret-value-0123456789-abcdefgh',
      COURIER_CLIENTS: 'acme:acme-client-secret',
    };
    const result = check(
      bundleWith({
        'a.js': env.SESSION_SECRET,
        'b.js': env.COURIER_JWT_SECRET,
        'c.js': 'x="acme-client-secret"',
        'd.js': 'password:"demo-password"',
      }),
      env,
    );
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/a\.js: contains the value of SESSION_SECRET/);
    expect(result.output).toMatch(/b\.js: contains the value of COURIER_JWT_SECRET/);
    expect(result.output).toMatch(/c\.js: contains an API client secret/);
    expect(result.output).toMatch(/d\.js: contains the demo password/);
  });

  it('fails on the name of a server-only variable', () => {
    const result = check(bundleWith({ 'chunks/env.js': 'process.env.COURIER_ACCOUNTS_FILE' }));
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/server-only variable name COURIER_ACCOUNTS_FILE/);
  });

  it('fails on the name of any other server variable of lib/env-schema.ts', () => {
    const result = check(
      bundleWith({
        'chunks/geo.js': 'fetch(process.env.NOMINATIM_CONTACT+process.env.APP_ORIGIN)',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/server-only variable name NOMINATIM_CONTACT/);
    expect(result.output).toMatch(/server-only variable name APP_ORIGIN/);
  });

  it('a variable name counts as a whole word: ROUTER, not NEXT_ROUTER_STATE_TREE_HEADER', () => {
    const runtime = 'h[u.NEXT_ROUTER_STATE_TREE_HEADER]=1;const ROUTER_KIND="app"';
    expect(check(bundleWith({ 'chunks/next.js': runtime })).status).toBe(0);
    const leak = check(bundleWith({ 'chunks/route.js': 'const r=process.env.ROUTER;' }));
    expect(leak.status).toBe(1);
    expect(leak.output).toMatch(/server-only variable name ROUTER\b/);
  });

  it('does not mind the public variables or NODE_ENV', () => {
    const result = check(
      bundleWith({
        'chunks/map.js': 'process.env.NEXT_PUBLIC_TILE_URL;process.env.NODE_ENV==="production"',
      }),
    );
    expect(result.status).toBe(0);
  });

  it('says so when there is no build to check', () => {
    dir = mkdtempSync(join(tmpdir(), 'bundle-check-'));
    expect(check(join(dir, 'static')).status).toBe(2);
  });
});
