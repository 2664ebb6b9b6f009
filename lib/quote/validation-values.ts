import {
  ADDRESS_FIELD_MAX_LENGTH,
  CUSTOMER_TEXT_MAX_LENGTH,
  MAX_DROPOFFS,
  SIGN_IN_FIELD_MAX_LENGTH,
} from '../courier-api/limits';

/**
 * The numbers a validation message names ("Hasta {max} entregas", "máximo {max} caracteres"), as
 * ICU parameters, so that the catalogs never repeat a limit: the screen and the API pass these
 * wherever they turn a message key into text. No zod here: the screen's first load reads it.
 */
const VALUES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'validation.tooManyStops': { max: MAX_DROPOFFS },
  'validation.streetTooLong': { max: ADDRESS_FIELD_MAX_LENGTH.street },
  'validation.exteriorNumberTooLong': { max: ADDRESS_FIELD_MAX_LENGTH.exteriorNumber },
  'validation.interiorNumberTooLong': { max: ADDRESS_FIELD_MAX_LENGTH.interiorNumber },
  'validation.neighborhoodTooLong': { max: ADDRESS_FIELD_MAX_LENGTH.neighborhood },
  'validation.customerTooLong': { max: CUSTOMER_TEXT_MAX_LENGTH },
  'validation.emailTooLong': { max: SIGN_IN_FIELD_MAX_LENGTH.email },
  'validation.passwordTooLong': { max: SIGN_IN_FIELD_MAX_LENGTH.password },
};

/** The parameters of a message key (none for a message that names no number). */
export function validationValues(key: string): Record<string, number> | undefined {
  return VALUES[key];
}
