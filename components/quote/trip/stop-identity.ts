import type { Stop } from './trip-stops';

/**
 * A stop is the same stop while others are added, moved and removed: its key stays, its fields go
 * with it, and only its letter follows its place in the trip. A letter that changes is said
 * ("D ahora es C"), never changed silently.
 */

export type Lettering = readonly Pick<Stop, 'key' | 'letter'>[];

export interface LetterChange {
  key: string;
  from: string;
  to: string;
}

/** The stops on the screen both before and after whose letter changed, in their new order. */
export function letterChanges(before: Lettering, after: Lettering): LetterChange[] {
  const was = new Map(before.map((stop) => [stop.key, stop.letter]));
  return after.flatMap(({ key, letter }) => {
    const from = was.get(key);
    return from !== undefined && from !== letter ? [{ key, from, to: letter }] : [];
  });
}

/** The lettering as one string: equal strings, the same letters for the same stops. */
export const letteringKey = (lettering: Lettering) =>
  lettering.map((stop) => `${stop.key}=${stop.letter}`).join(' ');
