import { fold, foldedWords } from '@/lib/geocoding/fold';
import type { RecordedStop } from './record';

/**
 * What a record is found by, folded as a dispatcher's search is (no accents, lower case):
 * its reference, and each stop's street, number and colonia.
 */
export function searchTextOf(reference: string, stops: readonly RecordedStop[]): string {
  return fold(
    [
      reference,
      ...stops.flatMap((stop) => [stop.street, stop.exteriorNumber, stop.neighborhood]),
    ].join(' '),
  );
}

/** A search's words, folded the same way; each must appear in a record's text. */
export const searchWords = (search: string): string[] => foldedWords(search);
