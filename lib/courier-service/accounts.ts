import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { processSingleton } from '../process-singleton';
import { hashPassword, parsePasswordHash, verifyPassword } from './password-hash.mjs';

export const DEMO_ACCOUNTS_FILE = join(process.cwd(), 'data', 'demo-accounts.json');

const accountSchema = z.object({
  email: z.email().max(254),
  passwordHash: z
    .string()
    .refine((hash) => parsePasswordHash(hash) !== undefined, 'expected an scrypt hash'),
  idClient: z.number().int().positive(),
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  zone: z.string().trim().min(1).max(40),
  active: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountsFileSchema = z
  .array(accountSchema)
  .refine(
    (accounts) => new Set(accounts.map((a) => a.email.toLowerCase())).size === accounts.length,
    'every e-mail must appear once',
  )
  .refine(
    (accounts) => new Set(accounts.map((a) => a.idClient)).size === accounts.length,
    'every idClient must appear once',
  );

export interface AccountBook {
  byEmail(email: string): Account | undefined;
  byId(idClient: number): Account | undefined;
}

export function createAccountBook(accounts: readonly Account[]): AccountBook {
  const emails = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));
  const ids = new Map(accounts.map((account) => [account.idClient, account]));
  return {
    byEmail: (email) => emails.get(email.trim().toLowerCase()),
    byId: (idClient) => ids.get(idClient),
  };
}

const loaded = processSingleton(
  'courier-service:accounts',
  () => new Map<string, { version: string; book: AccountBook }>(),
);

/**
 * The accounts in `file`, validated; re-read when the file changes, so an account added with
 * `npm run courier:add-account` works without a restart. A broken file throws (→ -160).
 */
export async function loadAccountBook(file: string): Promise<AccountBook> {
  const { mtimeMs, size } = await stat(file);
  const version = `${mtimeMs}:${size}`;
  const cached = loaded.get(file);
  if (cached && cached.version === version) return cached.book;
  const parsed = accountsFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`accounts file ${file} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  const book = createAccountBook(parsed.data);
  loaded.set(file, { version, book });
  return book;
}

// A hash of a password nobody knows, checked when the user does not exist, so that an unknown user
// and a wrong password cost the same scrypt work and cannot be told apart by timing.
const dummyHash = processSingleton('courier-service:dummy-hash', () =>
  hashPassword(`no-such-account-${Math.random()}`),
);

/** The active account with this e-mail and password, or undefined (without saying which was wrong). */
export async function checkCredentials(
  book: AccountBook,
  email: string,
  password: string,
): Promise<Account | undefined> {
  const account = book.byEmail(email);
  const matches = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
  return account && account.active && matches ? account : undefined;
}
