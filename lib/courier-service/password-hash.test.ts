import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  parsePasswordHash,
  SCRYPT_PARAMS,
  verifyPassword,
} from './password-hash.mjs';

describe('scrypt password hashes', () => {
  it('stores the scheme, its cost, a salt and the key, and verifies the password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$N=16384,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(parsePasswordHash(hash)?.params).toEqual(SCRYPT_PARAMS);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('demo-password')).not.toBe(await hashPassword('demo-password'));
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('contrase\u00f1a');
    expect(await verifyPassword('contrasen\u0303a', hash)).toBe(true);
  });

  it('refuses malformed hashes and costs that would exhaust the server', async () => {
    const good = await hashPassword('x');
    const [, , salt, key] = good.split('$');
    for (const bad of [
      '',
      'plain-text-password',
      `bcrypt$N=16384,r=8,p=1$${salt}$${key}`,
      `scrypt$N=16000,r=8,p=1$${salt}$${key}`,
      `scrypt$N=${2 ** 24},r=8,p=1$${salt}$${key}`,
      `scrypt$N=16384,r=99,p=1$${salt}$${key}`,
      `scrypt$N=16384,r=8,p=1$$${key}`,
    ]) {
      expect(parsePasswordHash(bad), bad).toBeUndefined();
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  it('verifies the demo account’s password from the shipped demo file', async () => {
    const accounts = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../data/demo-accounts.json'), 'utf8'),
    ) as Array<{ email: string; passwordHash: string }>;
    const demo = accounts.find((a) => a.email === 'dispatcher@example.com')!;
    expect(await verifyPassword('demo-password', demo.passwordHash)).toBe(true);
    expect(JSON.stringify(accounts)).not.toContain('demo-password');
  });
});
