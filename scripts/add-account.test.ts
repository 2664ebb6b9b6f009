import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/courier-service/password-hash.mjs';

const SCRIPT = join(import.meta.dirname, 'add-account.mjs');
const dir = mkdtempSync(join(tmpdir(), 'add-account-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const addAccount = (args: string[], password: string) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { input: password, encoding: 'utf8' });

describe('npm run courier:add-account', () => {
  it('adds a dispatcher with an scrypt hash of the password read from stdin', async () => {
    const file = join(dir, 'accounts.json');
    const run = addAccount([file, 'ana@example.com', 'Ana', 'López', 'gdl'], 'a-long-password\n');
    expect(run.status, run.stderr).toBe(0);
    const second = addAccount([file, 'beto@example.com', 'Beto', 'Ruiz', 'cdmx'], 'another-one');
    expect(second.status, second.stderr).toBe(0);

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('a-long-password');
    const accounts = JSON.parse(text);
    expect(accounts).toMatchObject([
      { email: 'ana@example.com', firstName: 'Ana', lastName: 'López', zone: 'gdl', active: true },
      { email: 'beto@example.com', zone: 'cdmx', active: true },
    ]);
    expect(accounts[1].idClient).toBe(accounts[0].idClient + 1);
    // The newline that `echo` adds is not part of the password.
    expect(await verifyPassword('a-long-password', accounts[0].passwordHash)).toBe(true);
  });

  it('refuses a second account for the same e-mail, a short password and a bad e-mail', () => {
    const file = join(dir, 'refusals.json');
    expect(addAccount([file, 'ana@example.com', 'Ana', 'López', 'gdl'], 'long-enough').status).toBe(
      0,
    );
    const duplicate = addAccount([file, 'ANA@example.com', 'Ana', 'Otra', 'gdl'], 'long-enough');
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toMatch(/already has an account/);
    const short = addAccount([file, 'carla@example.com', 'Carla', 'Gómez', 'cdmx'], 'short');
    expect(short.stderr).toMatch(/at least 8 characters/);
    const notEmail = addAccount([file, 'carla', 'Carla', 'Gómez', 'cdmx'], 'long-enough');
    expect(notEmail.stderr).toMatch(/not an e-mail/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
  });

  it('takes no password on the command line', () => {
    const run = addAccount(
      [join(dir, 'x.json'), 'ana@example.com', 'Ana', 'López', 'gdl', 'hunter22'],
      '',
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/usage/);
  });
});
