import 'server-only';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import MiniSearch from 'minisearch';
import { z } from 'zod';
import gazetteerFile from '@/data/gazetteer.json';
import { processSingleton } from '@/lib/process-singleton';
import { foldedWords } from './fold';
import { contentWords, maxTypos, nameMatchTier } from './name-match';
import type { LatLng } from './types';

/**
 * The built-in offline gazetteer: colonias of Mexico City, a few neighbouring municipalities of the
 * State of Mexico and the Guadalajara metro, each with its zip code and an approximate centre
 * (data/gazetteer.json). Approximate demo data — it knows neighbourhoods, not streets.
 * Server-only: its data and its search index (MiniSearch) stay out of the browser's bundle.
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

/**
 * A match found only in the middle of a name and scoring below this share of the best match is
 * left out: a long word forgiven two typing mistakes finds names the dispatcher did not mean.
 */
const WEAK_MATCH_SHARE = 0.25;

/** Words naming a kind of settlement, which the gazetteer's names may leave out. */
const SETTLEMENT_WORDS = new Set([
  'unidad',
  'habitacional',
  'barrio',
  'fraccionamiento',
  'residencial',
  'pueblo',
  'ampliacion',
]);

interface IndexedPlace {
  place: Place;
  /** Folded words of the name: "Peñón de los Baños" → ["penon", "de", "los", "banos"]. */
  words: string[];
  /** The same without the municipality's or city's words ("Guadalajara Centro" → ["centro"]). */
  core: string[];
}

export interface PlaceMatchOptions {
  /** The map's centre: among comparable matches, the nearest comes first. */
  near?: LatLng;
  limit?: number;
  /** Only entries this accepts (those of the state or city the text named). */
  where?: (place: Place) => boolean;
}

export class Gazetteer {
  private readonly entries: IndexedPlace[];
  private readonly index: KDBush;
  private nameIndex: MiniSearch<{ id: number; name: string }> | undefined;

  constructor(places: readonly Place[]) {
    this.entries = places.map((place) => {
      const words = foldedWords(place.name);
      const content = contentWords(place.name);
      const area = new Set([...contentWords(place.municipality), ...contentWords(place.city)]);
      const core = content.filter((word) => !area.has(word));
      return { place, words, core: core.length > 0 ? core : content };
    });
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
   * Colonias named by a text, typing mistakes and unfinished words forgiven ("juares", "hipodromo",
   * "del vall"): every word must be found in the name. Best first: the name itself ("centro" is
   * also "Guadalajara Centro"), then names that begin with the text, then names holding it
   * elsewhere; with `near`, nearest first among those of one rank, otherwise the closest match.
   */
  findByName(
    name: string,
    { near, limit = DEFAULT_SEARCH_LIMIT, where = anywhere }: PlaceMatchOptions = {},
  ): PlaceMatch[] {
    let typed = foldedWords(name);
    let found = this.names().search(name);
    if (found.length === 0) {
      // "U.H. Vicente Guerrero" is "Unidad Vicente Guerrero" here: try without the kind of place.
      const specific = contentWords(name).filter((word) => !SETTLEMENT_WORDS.has(word));
      if (specific.length > 0 && specific.length < contentWords(name).length) {
        typed = specific;
        found = this.names().search(specific.join(' '));
      }
    }
    found = found.filter(({ id }) => where(this.entries[id as number]!.place));
    const best = found[0]?.score ?? 0;
    const ranked = found.flatMap(({ id, score }) => {
      const entry = this.entries[id as number]!;
      const tier = nameMatchTier(typed, entry.words, entry.core) ?? 2;
      if (tier === 2 && score < best * WEAK_MATCH_SHARE) return [];
      return [{ place: entry.place, tier, score, distanceKm: distanceFrom(near, entry.place) }];
    });
    ranked.sort(
      (a, b) =>
        a.tier - b.tier ||
        (near ? a.distanceKm! - b.distanceKm! : b.score - a.score) ||
        a.place.name.length - b.place.name.length ||
        a.place.name.localeCompare(b.place.name, 'es'),
    );
    return ranked
      .slice(0, boundedLimit(limit))
      .map(({ place, distanceKm }) => ({ place, distanceKm }));
  }

  /**
   * Entries with a zip code, or whose zip code begins with 2 to 4 digits ("066" while typing):
   * the exact code first, then in zip order; with `near`, nearest first among equals.
   */
  findByZip(
    zipCode: string,
    { near, limit = DEFAULT_SEARCH_LIMIT, where = anywhere }: PlaceMatchOptions = {},
  ): PlaceMatch[] {
    if (!/^\d{2,5}$/.test(zipCode)) return [];
    return this.entries
      .filter(({ place }) => place.zipCode.startsWith(zipCode) && where(place))
      .map(({ place }) => ({ place, distanceKm: distanceFrom(near, place) }))
      .sort(
        (a, b) =>
          Number(b.place.zipCode === zipCode) - Number(a.place.zipCode === zipCode) ||
          a.place.zipCode.localeCompare(b.place.zipCode) ||
          (near ? a.distanceKm! - b.distanceKm! : 0) ||
          a.place.name.localeCompare(b.place.name, 'es'),
      )
      .slice(0, boundedLimit(limit));
  }

  /** The typo-tolerant index of names, built on the first search (a pin alone never needs it). */
  private names(): MiniSearch<{ id: number; name: string }> {
    if (!this.nameIndex) {
      this.nameIndex = new MiniSearch<{ id: number; name: string }>({
        fields: ['name'],
        tokenize: contentWords,
        processTerm: (term) => term,
        searchOptions: {
          prefix: true,
          fuzzy: (term) => maxTypos(term) || false,
          maxFuzzy: 2,
          combineWith: 'AND',
        },
      });
      this.nameIndex.addAll(this.entries.map(({ place }, id) => ({ id, name: place.name })));
    }
    return this.nameIndex;
  }
}

const anywhere = () => true;

function distanceFrom(near: LatLng | undefined, place: Place): number | undefined {
  return near ? distance(near.lng, near.lat, place.lng, place.lat) : undefined;
}

function boundedLimit(limit: number): number {
  return Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.trunc(limit)));
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
