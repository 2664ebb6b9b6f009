import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/http/api-error';
import type * as Errors from './errors';
import type { CourierFailure } from './errors';

// Loaded afresh in each test: the token codes' table is built when the module loads.
let courierError: typeof Errors.courierError;
let CourierTokenRejected: typeof Errors.CourierTokenRejected;
let errors: typeof Errors;
beforeEach(async () => {
  vi.resetModules();
  errors = await import('./errors');
  ({ courierError, CourierTokenRejected } = errors);
});

const outcome = (operation: 'login' | 'quotation', failure: CourierFailure) => {
  const error = courierError(operation, failure);
  if (error instanceof CourierTokenRejected) return 'renew token';
  return `${error.status} ${error.code}`;
};

describe('courier failures as the app reports them', () => {
  it.each([
    // The legacy convention: HTTP 200 with a negative code.
    [
      { status: 200, code: -114, message: 'El punto de recolección esta fuera de cobertura' },
      '422 pickup_out_of_coverage',
    ],
    [{ status: 200, code: -113, message: 'Fuera de zona' }, '422 dropoff_out_of_coverage'],
    [{ status: 200, code: -111, message: 'Direcciones invalidas' }, '422 courier_rejected'],
    [{ status: 200, code: -100, message: 'Formato invalido' }, '422 courier_rejected'],
    [{ status: 200, code: -160, message: 'Servicio no disponible' }, '503 courier_unavailable'],
    [{ status: 200, code: -156, message: 'Token expirado' }, 'renew token'],
    [{ status: 200, code: -155, message: 'Token invalido' }, 'renew token'],
    // The HTTP convention, as the built-in courier answers.
    [{ status: 422, code: -114, message: 'Fuera de cobertura' }, '422 pickup_out_of_coverage'],
    [{ status: 401, code: -156, message: 'Token expirado' }, 'renew token'],
    [{ status: 503, code: -160, message: 'Servicio no disponible' }, '503 courier_unavailable'],
    // Bare HTTP errors, an HTML page included.
    [{ status: 401 }, 'renew token'],
    [{ status: 500 }, '502 courier_error'],
    [{ status: 502 }, '503 courier_unavailable'],
    [{ status: 503 }, '503 courier_unavailable'],
    [{ status: 504 }, '504 courier_timeout'],
    [{ status: 404 }, '502 courier_error'],
    [{ status: 200 }, '502 courier_error'],
  ])('a quotation answered %o becomes %s', (failure, expected) => {
    expect(outcome('quotation', failure)).toBe(expected);
  });

  it.each([
    [
      { status: 200, code: -194, message: 'Usuario o contraseña incorrectos' },
      '401 invalid_credentials',
    ],
    [{ status: 200, code: -192, message: 'Correo Invalido' }, '401 invalid_credentials'],
    // The legacy service's answer for an e-mail it does not know.
    [
      { status: 200, code: -193, message: 'No existe ningun usuario con el correo anterior' },
      '401 invalid_credentials',
    ],
    [{ status: 401, code: -194 }, '401 invalid_credentials'],
    [{ status: 401, code: -193 }, '401 invalid_credentials'],
    [{ status: 429, code: -165 }, '429 rate_limited'],
    [{ status: 200, code: -160 }, '503 courier_unavailable'],
    [{ status: 401, code: -190 }, '502 courier_error'],
    [{ status: 200, code: -190 }, '502 courier_error'],
    // A code this app does not know, about the account: only the dispatcher can act on it.
    [{ status: 200, code: -199, message: 'Cuenta suspendida' }, '401 invalid_credentials'],
    [{ status: 200, code: -1 }, '401 invalid_credentials'],
    // The courier could not read the app's request: not the dispatcher's password.
    [{ status: 200, code: -100, message: 'Formato invalido' }, '422 courier_rejected'],
    [{ status: 401 }, '502 courier_error'],
    [{ status: 500 }, '502 courier_error'],
    [{ status: 503 }, '503 courier_unavailable'],
  ])('a login answered %o becomes %s', (failure, expected) => {
    expect(outcome('login', failure)).toBe(expected);
  });

  it('a rejected quote carries the courier’s own words, cleaned', () => {
    const error = courierError('quotation', {
      status: 200,
      code: -111,
      message: '  Direcciones\ninvalidas ',
    }) as ApiError;
    expect(error.message).toBe('Direcciones invalidas');
  });

  it('a wrong password never says whether the e-mail exists', () => {
    const messages = [-194, -192, -193, -199].map(
      (code) => (courierError('login', { status: 200, code }) as ApiError).message,
    );
    expect(new Set(messages)).toEqual(new Set(['The e-mail or the password is not correct.']));
  });
});

describe('what the dispatcher is told of each courier failure', () => {
  const told = (operation: 'login' | 'quotation', failure: CourierFailure) => {
    const error = courierError(operation, failure) as ApiError;
    return { code: error.code, message: error.message, details: error.details };
  };

  it('an unavailable, slow or unreadable courier is named as such, with a hint to try again', () => {
    expect(told('quotation', { status: 503 })).toEqual({
      code: 'courier_unavailable',
      message: 'The courier service is not available right now. Try again shortly.',
      details: {},
    });
    expect(told('quotation', { status: 429 }).code).toBe('courier_unavailable');
    expect(told('login', { status: 200, code: -160 }).code).toBe('courier_unavailable');
    expect(told('quotation', { status: 504 })).toEqual({
      code: 'courier_timeout',
      message: 'The courier took too long to answer. Try again shortly.',
      details: {},
    });
    expect(told('quotation', { status: 500 })).toEqual({
      code: 'courier_error',
      message: 'The courier answered with something this app cannot read.',
      details: {},
    });
    expect(errors.courierTimeout().message).toBe(told('quotation', { status: 504 }).message);
    expect(errors.courierUnavailable().code).toBe('courier_unavailable');
    expect(errors.courierGarbled().code).toBe('courier_error');
  });

  it('a courier refusing this app’s own credentials says so, whether bare or coded', () => {
    const refused = {
      code: 'courier_error',
      message: 'The courier refused this app’s credentials.',
      details: {},
    };
    expect(told('login', { status: 401 })).toEqual(refused);
    expect(told('login', { status: 403 })).toEqual(refused);
    expect(told('login', { status: 200, code: -190 })).toEqual(refused);
    // A bare 403 on a quotation is not about the token, and not about the app's credentials.
    expect(courierError('quotation', { status: 403 })).not.toBeInstanceOf(CourierTokenRejected);
    expect(told('quotation', { status: 403 }).message).toBe(
      'The courier answered with something this app cannot read.',
    );
  });

  it('too many sign-in attempts ask the dispatcher to wait a minute, or as long as the courier said', () => {
    expect(told('login', { status: 200, code: -165 })).toEqual({
      code: 'rate_limited',
      message: 'The courier received too many sign-in attempts. Try again in a few minutes.',
      details: { retryAfterSeconds: 60 },
    });
    expect(told('login', { status: 200, code: -165, retryAfterSeconds: 4 }).details).toEqual({
      retryAfterSeconds: 4,
    });
  });

  it('a sign-in the courier could not read passes on its words, or says the sign-in was refused', () => {
    expect(told('login', { status: 200, code: -100, message: 'Formato invalido' })).toMatchObject({
      code: 'courier_rejected',
      message: 'Formato invalido',
    });
    expect(told('login', { status: 200, code: -100 }).message).toBe(
      'The courier refused the sign-in.',
    );
    expect(told('login', { status: 200, code: -100, message: ' \u0000\n ' }).message).toBe(
      'The courier refused the sign-in.',
    );
  });

  it('a pickup out of coverage is told as such', () => {
    expect(told('quotation', { status: 200, code: -114 })).toEqual({
      code: 'pickup_out_of_coverage',
      message: 'The pickup point is outside every active coverage zone of the courier.',
      details: {},
    });
  });

  it('a drop-off out of coverage points at that drop-off when the courier says which', () => {
    const message = 'A drop-off point is outside the coverage zone of the pickup.';
    expect(told('quotation', { status: 200, code: -113, addressIndex: 2 })).toEqual({
      code: 'dropoff_out_of_coverage',
      message,
      details: { fields: { 'dropoffs.1': message } },
    });
    expect(told('quotation', { status: 200, code: -113, addressIndex: 1 }).details).toEqual({
      fields: { 'dropoffs.0': message },
    });
    // Address 0 is the pickup, which another code reports: no drop-off to point at.
    expect(told('quotation', { status: 200, code: -113, addressIndex: 0 }).details).toEqual({});
    expect(told('quotation', { status: 200, code: -113 }).details).toEqual({});
  });

  it('another refusal carries the courier’s code, and its words without control characters, at most 200 long', () => {
    expect(told('quotation', { status: 200, code: -111 })).toEqual({
      code: 'courier_rejected',
      message: 'The courier rejected the quote request.',
      details: { courierCode: -111 },
    });
    expect(
      told('quotation', {
        status: 200,
        code: -111,
        message: 'Direcciones\u0007\u001finvalidas\u007f',
      }).message,
    ).toBe('Direcciones invalidas');
    expect(told('quotation', { status: 200, code: -111, message: 'a\t\t b' }).message).toBe('a b');
    const long = told('quotation', { status: 200, code: -111, message: `${'x'.repeat(250)}` });
    expect(long.message).toBe('x'.repeat(200));
    expect(
      told('quotation', { status: 200, code: -111, message: `${' '.repeat(199)}y` }).message,
    ).toBe('y');
  });

  it('a rejected token carries the courier’s code, or none for a bare 401', () => {
    const expired = courierError('quotation', { status: 200, code: -156 });
    expect(expired).toBeInstanceOf(CourierTokenRejected);
    expect(expired).toMatchObject({
      code: -156,
      name: 'CourierTokenRejected',
      message: 'The courier rejected the access token',
    });
    expect(courierError('quotation', { status: 401 })).toMatchObject({ code: undefined });
    // A code of 0 or above is no refusal code: the status decides.
    expect(courierError('quotation', { status: 401, code: 0 })).toBeInstanceOf(
      CourierTokenRejected,
    );
  });
});
