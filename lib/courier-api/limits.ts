// Not server-only: plain numbers, which the quote form in the browser reads as the courier does.

/**
 * A quote's limits, declared once. The courier's quotation (lib/courier-service/quotation.ts), the
 * wire format (wire.ts), the quote request schema the form and POST /api/quote share
 * (lib/quote/schema.ts), the road-route query and the catalogs' messages (as the ICU parameter
 * `{max}`, lib/quote/validation-values.ts) all read these; raising one here raises it everywhere.
 * It sits beside wire.ts because the courier service may read nothing of the app but the wire
 * format and generic helpers.
 */

/** Addresses per quotation: one pickup, then the drop-offs in riding order. */
export const MIN_ADDRESSES = 2;
export const MAX_ADDRESSES = 10;

/** Drop-offs per quote: every address but the pickup. */
export const MAX_DROPOFFS = MAX_ADDRESSES - 1;

/** Characters per address field, after trimming (the courier's and the form's alike). */
export const ADDRESS_FIELD_MAX_LENGTH = {
  street: 150,
  /** "36", "36-B", "S/N": a short text. */
  exteriorNumber: 20,
  interiorNumber: 20,
  neighborhood: 100,
} as const;

/**
 * Characters of the quote's customer text ("Cliente (opcional)": a name, a company or a phone, as
 * the dispatcher writes it), after trimming. The app's own: it is kept with the quote's record and
 * searched in the history, never sent to the courier.
 */
export const CUSTOMER_TEXT_MAX_LENGTH = 80;

/** Characters of a sign-in: an e-mail address (RFC 5321's 254) and a password. */
export const SIGN_IN_FIELD_MAX_LENGTH = { email: 254, password: 1024 } as const;

/**
 * How long the screen shows a quote as valid unless the operator sets another (lib/env-schema.ts):
 * 15 minutes, as Uber Direct holds its quotes.
 */
export const DEFAULT_QUOTE_VALIDITY_SECONDS = 15 * 60;
