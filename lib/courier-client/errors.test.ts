import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { courierError, CourierTokenRejected, type CourierFailure } from './errors';

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
