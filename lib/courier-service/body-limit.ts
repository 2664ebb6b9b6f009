// Not server-only: a single number, also shown in the OpenAPI document.
/** The largest request body the courier reads; a larger one is answered 413 with code -100. */
export const COURIER_BODY_LIMIT_BYTES = 64 * 1024;
