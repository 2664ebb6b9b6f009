import 'server-only';
import {
  DEFAULT_LOOKUP_CACHE,
  LookupCache,
  type LookupCacheOptions,
  type SharedAnswers,
} from '@/lib/cache/lookup-cache';
import { roundCoordinate } from './address-parts';
import { searchKey, searchWithFallback, type ProviderSearch } from './provider-query';
import type { AddressQuery, GeocodedAddress, GeocodedPlace, LatLng } from './types';

/** What an upstream geocoder (Nominatim, Photon) is told about keeping its answers. */
export interface LookupCacheConfig {
  cache?: LookupCacheOptions;
  /** Where answers are shared with other instances, per kind of lookup. */
  sharedAnswers?: <V>(kind: 'reverse' | 'search') => SharedAnswers<V> | undefined;
}

/**
 * What the upstream geocoders do alike around their own requests: a reverse lookup is asked for
 * the point rounded to 4 decimals (about 11 m) and answered at the point itself; a search is
 * asked for the cleaned text, then for just the colonia and zip when that finds nothing
 * (provider-query.ts), biased to the map's centre rounded to 2 decimals. Both are cached by what
 * was asked, a text folded: accents, case and punctuation change nothing these services find.
 */
export class CachedLookups {
  private readonly reverseCache: LookupCache<GeocodedAddress | null>;
  private readonly searchCache: LookupCache<GeocodedPlace[]>;

  constructor({ cache = DEFAULT_LOOKUP_CACHE, sharedAnswers }: LookupCacheConfig) {
    this.reverseCache = new LookupCache(cache, sharedAnswers?.('reverse'));
    this.searchCache = new LookupCache(cache, sharedAnswers?.('search'));
  }

  async reverse(
    lat: number,
    lng: number,
    ask: (at: LatLng) => Promise<GeocodedAddress | null>,
  ): Promise<GeocodedAddress | null> {
    const at = { lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
    const found = await this.reverseCache.get(`${at.lat},${at.lng}`, () => ask(at));
    return found && { ...found, lat, lng };
  }

  search(
    asked: AddressQuery,
    near: LatLng | undefined,
    ask: (search: ProviderSearch, bias: LatLng | undefined) => Promise<GeocodedPlace[]>,
  ): Promise<GeocodedPlace[]> {
    const bias = near && { lat: roundCoordinate(near.lat, 2), lng: roundCoordinate(near.lng, 2) };
    return searchWithFallback(asked, (_, search) =>
      this.searchCache.get(searchKey(search, bias), () => ask(search, bias)),
    );
  }
}
