import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { z } from 'zod';
import gazetteerFile from '@/data/gazetteer.json';
import { processSingleton } from '@/lib/process-singleton';
import { fold, foldedWords } from './fold';
import type { LatLng } from './types';

/**
 * The built-in offline gazetteer: colonias of Mexico City, a few neighbouring municipalities of the
 * State of Mexico and the Guadalajara metro, each with its zip code and an approximate centre
 * (data/gazetteer.json). Approximate demo data — it knows neighbourhoods, not streets.
 */

export interface Place {
  name: string;
  zipCode: string;
  lat: number;
  lng: number;
  municipality: string;
  state: string;
  city: string;
}

export interface PlaceMatch {
  place: Place;
  /** Kilometres from the point asked about (reverse, or search with `near`). */
  distanceKm?: number;
}

/** A pin farther than this from every entry is "somewhere we know nothing about". */
export const REVERSE_RADIUS_KM = 3;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 20;

const MEXICO_CITY = 'Ciudad de México';

const placeRow = z.tuple([
  z.string().trim().min(1),
  z.string().regex(/^\d{5}$/, 'expected a 5-digit zip code'),
  z.number().min(14.5).max(32.8),
  z.number().min(-118.5).max(-86.7),
  z.string().trim().min(1),
  z.string().trim().min(1),
]);
const gazetteerSchema = z.object({ places: z.array(placeRow).min(1) });

/** Words a dispatcher adds that name no place ("col. Juárez", "C.P. 06600"). */
const FILLER_WORDS = new Set(['col', 'colonia', 'cp', 'c', 'p', 'codigo', 'postal']);

interface IndexedPlace {
  place: Place;
  folded: string;
  nameWords: string[];
  areaWords: string[];
}

export class Gazetteer {
  private readonly entries: IndexedPlace[];
  private readonly index: KDBush;

  constructor(places: readonly Place[]) {
    this.entries = places.map((place) => ({
      place,
      folded: fold(place.name),
      nameWords: foldedWords(place.name),
      areaWords: [...new Set([...foldedWords(place.municipality), ...foldedWords(place.city)])],
    }));
    this.index = new KDBush(places.length);
    for (const { lng, lat } of places) this.index.add(lng, lat);
    this.index.finish();
  }

  get places(): readonly Place[] {
    return this.entries.map((entry) => entry.place);
  }

  /** The entry nearest to a pin, or null when every entry is more than `maxKm` away. */
  nearest(lat: number, lng: number, maxKm = REVERSE_RADIUS_KM): PlaceMatch | null {
    const [id] = around(this.index, lng, lat, 1, maxKm);
    if (id === undefined) return null;
    const place = this.entries[id]!.place;
    return { place, distanceKm: distance(lng, lat, place.lng, place.lat) };
  }

  /**
   * Entries whose name or zip code matches every word of the text, ignoring accents and case;
   * words may also match the municipality, ranked lower. Whole names and zip codes rank first;
   * with `near`, name and zip matches come nearest first.
   */
  search(
    text: string,
    { near, limit = DEFAULT_SEARCH_LIMIT }: { near?: LatLng; limit?: number } = {},
  ): PlaceMatch[] {
    const words = foldedWords(text).filter((word) => !FILLER_WORDS.has(word));
    if (words.length === 0) return [];
    const query = words.join(' ');
    const scored: Array<PlaceMatch & { score: number; tier: number }> = [];
    for (const entry of this.entries) {
      const match = scoreEntry(entry, words, query);
      if (!match) continue;
      const distanceKm = near
        ? distance(near.lng, near.lat, entry.place.lng, entry.place.lat)
        : undefined;
      scored.push({ place: entry.place, distanceKm, ...match });
    }
    // With a map centre, a nearby partial match beats a faraway whole one ("centro" on a map of
    // Guadalajara means Guadalajara Centro); matches found only through the municipality stay last.
    const rank = (tier: number) => (near ? Math.max(tier, 1) : tier);
    scored.sort(
      (a, b) =>
        rank(a.tier) - rank(b.tier) ||
        (near ? a.distanceKm! - b.distanceKm! : b.score - a.score) ||
        b.score - a.score ||
        a.place.name.length - b.place.name.length ||
        a.place.name.localeCompare(b.place.name, 'es'),
    );
    const bounded = Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.trunc(limit)));
    return scored.slice(0, bounded).map(({ place, distanceKm }) => ({ place, distanceKm }));
  }
}

/**
 * Tier 0: the name is the text, or the text is the zip code. Tier 1: every word found in the name
 * or zip code. Tier 2: some words found only in the municipality or city. Null: some word found
 * nowhere.
 */
function scoreEntry(
  entry: IndexedPlace,
  words: string[],
  query: string,
): { score: number; tier: number } | null {
  const { zipCode } = entry.place;
  let score = 0;
  let onlyInArea = false;
  for (const word of words) {
    if (word === zipCode) score += 100;
    else if (entry.nameWords.includes(word)) score += 30;
    else if (entry.nameWords.some((nameWord) => nameWord.startsWith(word))) score += 20;
    else if (/^\d{2,4}$/.test(word) && zipCode.startsWith(word)) score += 10;
    else if (entry.areaWords.some((areaWord) => areaWord.startsWith(word))) {
      score += 5;
      onlyInArea = true;
    } else return null;
  }
  const exact = entry.folded === query || query === zipCode;
  if (exact) score += 100;
  else if (entry.folded.startsWith(query)) score += 30;
  return { score, tier: exact ? 0 : onlyInArea ? 2 : 1 };
}

function placesFromFile(file: unknown): Place[] {
  const { places } = gazetteerSchema.parse(file);
  return places.map(([name, zipCode, lat, lng, municipality, state]) => ({
    name,
    zipCode,
    lat,
    lng,
    municipality,
    state,
    city: state === MEXICO_CITY ? MEXICO_CITY : municipality,
  }));
}

/** The shipped gazetteer, read and indexed once per process. */
export function builtinGazetteer(): Gazetteer {
  return processSingleton(
    'geocoding:gazetteer',
    () => new Gazetteer(placesFromFile(gazetteerFile)),
  );
}

export function placeLabel(place: Place): string {
  const area =
    place.city === place.municipality ? place.municipality : `${place.municipality}, ${place.city}`;
  const state = place.state === place.city ? '' : `, ${place.state}`;
  return `${place.name}, ${place.zipCode} ${area}${state}`;
}
