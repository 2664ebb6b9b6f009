import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-check';

describe('the sign-in form checks its fields with the server’s schema', () => {
  it('asks for a missing e-mail and password in the form’s own words', () => {
    expect(checkSignIn({ email: '   ', password: '' })).toEqual({
      ok: false,
      errors: {
        email: 'signIn.errors.emailRequired',
        password: 'signIn.errors.passwordRequired',
      },
    });
  });

  it('refuses an e-mail without its @ and domain, showing an example', () => {
    expect(checkSignIn({ email: 'dispatcher', password: 'x' })).toEqual({
      ok: false,
      errors: { email: 'signIn.errors.emailInvalid' },
    });
  });

  it('says a text is too long where the server would refuse it', () => {
    expect(checkSignIn({ email: 'a@b.mx', password: 'x'.repeat(1025) })).toEqual({
      ok: false,
      errors: { password: 'validation.passwordTooLong' },
    });
  });

  it('sends the e-mail trimmed and the password as typed', () => {
    expect(checkSignIn({ email: ' dispatcher@example.com ', password: ' demo ' })).toEqual({
      ok: true,
      input: { email: 'dispatcher@example.com', password: ' demo ' },
    });
  });
});
