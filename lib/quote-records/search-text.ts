import { fold, foldedWords } from '@/lib/geocoding/fold';
import type { RecordedStop } from './record';

/**
 * What a record is found by, folded as a dispatcher's search is (no accents, lower case):
 * its reference, the customer text when there is one (a phone in it also as its digits alone), and
 * each stop's street, number and colonia.
 */
export function searchTextOf(
  reference: string,
  stops: readonly RecordedStop[],
  customer?: string,
): string {
  return fold(
    [
      reference,
      ...(customer ? [customer, phoneDigitsOf(customer)] : []),
      ...stops.flatMap((stop) => [stop.street, stop.exteriorNumber, stop.neighborhood]),
    ].join(' '),
  );
}

/** Enough digits to be a phone number (a local number has 8). */
const PHONE_DIGITS = 7;

/**
 * A phone's digits run together, so that "5512345678" finds "55 1234-5678" (words are split on
 * anything else): empty when the text holds fewer digits than a phone.
 */
function phoneDigitsOf(text: string): string {
  const digits = text.replace(/\D+/g, '');
  return digits.length >= PHONE_DIGITS ? digits : '';
}

/** A search's words, folded the same way; each must appear in a record's text. */
export const searchWords = (search: string): string[] => foldedWords(search);
