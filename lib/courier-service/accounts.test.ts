import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCredentials, createAccountBook, loadAccountBook, type Account } from './accounts';
import { hashPassword } from './password-hash.mjs';

let dir: string;
let active: Account;
let retired: Account;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'courier-accounts-'));
  active = {
    email: 'Ana.Lopez@example.com',
    passwordHash: await hashPassword('ana-password'),
    idClient: 2001,
    firstName: 'Ana',
    lastName: 'López',
    zone: 'cdmx',
    active: true,
  };
  retired = { ...active, email: 'old@example.com', idClient: 2002, active: false };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('courier accounts', () => {
  it('lets an active dispatcher in, whatever the case of the e-mail', async () => {
    const book = createAccountBook([active, retired]);
    expect(await checkCredentials(book, 'ana.lopez@example.com', 'ana-password')).toBe(active);
    expect(await checkCredentials(book, ' ANA.LOPEZ@EXAMPLE.COM ', 'ana-password')).toBe(active);
  });

  it('refuses a wrong password, an unknown user and a switched-off account alike', async () => {
    const book = createAccountBook([active, retired]);
    expect(await checkCredentials(book, active.email, 'wrong')).toBeUndefined();
    expect(await checkCredentials(book, 'nobody@example.com', 'ana-password')).toBeUndefined();
    expect(await checkCredentials(book, retired.email, 'ana-password')).toBeUndefined();
  });

  it('reads an accounts file and picks up an account added while running', async () => {
    const file = join(dir, 'accounts.json');
    writeFileSync(file, JSON.stringify([active]));
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    expect((await loadAccountBook(file)).byEmail('old@example.com')).toBeUndefined();
    writeFileSync(file, JSON.stringify([active, retired]));
    utimesSync(file, new Date(2_000_000), new Date(2_000_000));
    expect((await loadAccountBook(file)).byId(2002)?.email).toBe('old@example.com');
  });

  it('refuses an accounts file with a plain-text password or a duplicate e-mail', async () => {
    const plain = join(dir, 'plain.json');
    writeFileSync(plain, JSON.stringify([{ ...active, passwordHash: 'ana-password' }]));
    await expect(loadAccountBook(plain)).rejects.toThrow(/scrypt/);
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, JSON.stringify([active, { ...active, idClient: 9 }]));
    await expect(loadAccountBook(twice)).rejects.toThrow(/once/);
  });

  it('refuses an accounts file giving two dispatchers one idClient: each account is a courier client of its own, never another’s team', async () => {
    const shared = join(dir, 'shared-client.json');
    writeFileSync(shared, JSON.stringify([active, { ...retired, idClient: active.idClient }]));
    await expect(loadAccountBook(shared)).rejects.toThrow(/idClient must appear once/);
    const apart = join(dir, 'apart.json');
    writeFileSync(apart, JSON.stringify([active, retired]));
    const book = await loadAccountBook(apart);
    expect(book.byEmail(active.email)?.idClient).not.toBe(book.byEmail(retired.email)?.idClient);
  });

  it('validates the shipped demo accounts file', async () => {
    const book = await loadAccountBook(join(import.meta.dirname, '../../data/demo-accounts.json'));
    expect(book.byEmail('dispatcher@example.com')).toMatchObject({ zone: 'cdmx', active: true });
  });
});
