import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type * as SignInSchema from './sign-in-schema';

// The rules are built when the module loads. Loaded afresh for each test, that building counts as
// the test's own, so mutation testing (stryker.config.mjs, `ignoreStatic`) runs these tests against
// a changed rule; loaded once for the file, it would not.
let signInSchema: typeof SignInSchema.signInSchema;
beforeEach(async () => {
  vi.resetModules();
  ({ signInSchema } = await import('./sign-in-schema'));
});

const issuesOf = (value: unknown) =>
  (z.safeParse(signInSchema, value).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('the sign-in fields', () => {
  it('take an e-mail address, trimmed, and any password', () => {
    expect(
      z.parse(signInSchema, { email: '  ana.dispatch@example.mx ', password: ' p w ' }),
    ).toEqual({ email: 'ana.dispatch@example.mx', password: ' p w ' });
  });

  it('name a missing or empty field as required', () => {
    expect(issuesOf({})).toEqual([
      ['email', 'validation.required'],
      ['password', 'validation.required'],
    ]);
    expect(issuesOf({ email: '   ', password: '' })).toEqual([
      ['email', 'validation.required'],
      ['email', 'validation.email'],
      ['password', 'validation.required'],
    ]);
  });

  it('refuse what is not an address: no @, no dot after it, spaces, text around it', () => {
    for (const email of [
      'ana.example.mx',
      'ana@example',
      'ana@@example.mx',
      'ana maría@example.mx',
      'ana@exa mple.mx',
      'ana@example.m x',
      '@example.mx',
      'ana@.mx',
      'ana@example.',
      'Ana <ana@example.mx>',
      'ana@example.mx más',
    ]) {
      expect(issuesOf({ email, password: 'p' }), email).toEqual([['email', 'validation.email']]);
    }
    expect(issuesOf({ email: 'a@b.c', password: 'p' })).toEqual([]);
  });

  it('refuse an address with a control character or half a UTF-16 pair in it', () => {
    for (const email of ['ana\u0000@example.mx', 'ana@exa\u007fmple.mx', 'ana\uD83D@example.mx']) {
      expect(issuesOf({ email, password: 'p' }), JSON.stringify(email)).toEqual([
        ['email', 'validation.unreadableCharacter'],
      ]);
    }
  });

  it('refuse an address past 254 characters and a password past 1,024', () => {
    const email = (length: number) => `${'a'.repeat(length - '@example.mx'.length)}@example.mx`;
    expect(issuesOf({ email: email(254), password: 'p'.repeat(1024) })).toEqual([]);
    expect(issuesOf({ email: email(255), password: 'p'.repeat(1025) })).toEqual([
      ['email', 'validation.emailTooLong'],
      ['password', 'validation.passwordTooLong'],
    ]);
  });
});
