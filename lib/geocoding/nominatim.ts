import 'server-only';
import { z } from 'zod';
import { addressLabel, coordinate, firstText, lenientText, zipCodeOf } from './address-parts';
import { capabilitiesOf } from './capabilities';
import { GeocoderError } from './errors';
import { CachedLookups, type LookupCacheConfig } from './cached-lookups';
import { RateGate, RateGateFull, systemClock, type CallGate, type Clock } from './rate-gate';
import { nominatimSearchParams } from './provider-query';
import type { SearchResultKind } from '@/lib/api/geocode';
import type { AddressQuery, GeocodedAddress, GeocodedPlace, Geocoder, LatLng } from './types';
import { APP_USER_AGENT, getUpstreamJson, upstreamUrl } from './upstream';

/**
 * Nominatim (OpenStreetMap). Its usage policy (operations.osmfoundation.org/policies/nominatim)
 * asks for at most one request per second per application, an identifying User-Agent, cached
 * results, the OSM attribution, and no search-as-you-type — so this provider searches only when the
 * form is submitted, queues its calls one second apart, and caches every answer.
 */

export const NOMINATIM_INTERVAL_MS = 1_000;
export const NOMINATIM_SEARCH_LIMIT = 8;

export interface NominatimOptions extends LookupCacheConfig {
  baseUrl: string;
  /** An e-mail or URL where the operator of this app can be reached. */
  contact: string;
  timeoutMs: number;
  /** How long a lookup may queue for its turn before it is turned down (default: timeoutMs). */
  maxQueueWaitMs?: number;
  clock?: Clock;
  /**
   * The one-per-second gate, when it is shared with other instances (./redis-rate-gate.ts); default:
   * this process's own.
   */
  gate?: CallGate;
}

const addressSchema = z
  .looseObject({
    road: lenientText,
    pedestrian: lenientText,
    footway: lenientText,
    house_number: lenientText,
    neighbourhood: lenientText,
    suburb: lenientText,
    quarter: lenientText,
    city_district: lenientText,
    borough: lenientText,
    postcode: lenientText,
    city: lenientText,
    town: lenientText,
    village: lenientText,
    municipality: lenientText,
    county: lenientText,
    state: lenientText,
  })
  .catch({});

const placeSchema = z.looseObject({
  lat: coordinate,
  lon: coordinate,
  category: lenientText,
  type: lenientText,
  addresstype: lenientText,
  name: lenientText,
  display_name: lenientText,
  address: addressSchema.optional(),
});
type NominatimPlace = z.infer<typeof placeSchema>;

/** Reverse answers "nothing here" as HTTP 200 with `{ "error": "Unable to geocode" }`. */
const reverseNothingSchema = z.looseObject({ error: z.unknown() });
const searchSchema = z.array(z.unknown());

const NEIGHBOURHOOD_TYPES = new Set(['suburb', 'neighbourhood', 'quarter']);

export class NominatimGeocoder implements Geocoder {
  readonly capabilities = capabilitiesOf('nominatim');
  private readonly gate: CallGate;
  private readonly lookups: CachedLookups;
  private readonly userAgent: string;

  constructor(private readonly options: NominatimOptions) {
    this.gate =
      options.gate ??
      new RateGate(
        NOMINATIM_INTERVAL_MS,
        options.maxQueueWaitMs ?? options.timeoutMs,
        options.clock ?? systemClock,
      );
    this.lookups = new CachedLookups(options);
    this.userAgent = `${APP_USER_AGENT} (${options.contact})`;
  }

  reverse(lat: number, lng: number): Promise<GeocodedAddress | null> {
    return this.lookups.reverse(lat, lng, async (at) => {
      const body = await this.get('/reverse', {
        format: 'jsonv2',
        lat: String(at.lat),
        lon: String(at.lng),
        zoom: '18',
        addressdetails: '1',
      });
      const place = placeSchema.safeParse(body);
      if (place.success) return toAddress(place.data);
      if (reverseNothingSchema.safeParse(body).success) return null;
      throw invalid('a reverse answer without coordinates');
    });
  }

  /**
   * Nominatim gets the cleaned text ("Sonora 180, Hipódromo"); when that finds nothing, once more
   * just the colonia and zip. That second request waits its turn at the one-per-second gate like
   * any other (about a second more); both answers are cached (cached-lookups.ts).
   */
  search(query: AddressQuery, near?: LatLng): Promise<GeocodedPlace[]> {
    return this.lookups.search(query, near, async (search, bias) => {
      const params: Record<string, string> = {
        format: 'jsonv2',
        ...nominatimSearchParams(search),
        addressdetails: '1',
        limit: String(NOMINATIM_SEARCH_LIMIT),
      };
      // A preferred area about 30 km around the map's centre; results outside it still count.
      if (bias && !params.viewbox) {
        params.viewbox = [bias.lng - 0.3, bias.lat + 0.3, bias.lng + 0.3, bias.lat - 0.3].join(',');
        params.bounded = '0';
      }
      const body = searchSchema.safeParse(await this.get('/search', params));
      if (!body.success) throw invalid('a search answer that is not a list');
      return body.data.flatMap((item) => {
        const place = placeSchema.safeParse(item);
        return place.success ? [{ ...toAddress(place.data), kind: kindOf(place.data) }] : [];
      });
    });
  }

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    try {
      await this.gate.take();
    } catch (error) {
      if (!(error instanceof RateGateFull)) throw error;
      throw new GeocoderError('nominatim', 'busy', 'too many address lookups are waiting', {
        retryAfterSeconds: Math.ceil(error.waitMs / 1000),
      });
    }
    try {
      return await getUpstreamJson(upstreamUrl(this.options.baseUrl, path, params), {
        provider: 'nominatim',
        timeoutMs: this.options.timeoutMs,
        userAgent: this.userAgent,
      });
    } finally {
      await this.gate.finished?.();
    }
  }
}

function invalid(what: string): GeocoderError {
  return new GeocoderError('nominatim', 'invalid_response', `nominatim sent ${what}`);
}

function toAddress(place: NominatimPlace): GeocodedAddress {
  const a = place.address ?? {};
  const city = firstText(a.city, a.town, a.village, a.municipality, a.county, a.state);
  const fields = {
    street: firstText(a.road, a.pedestrian, a.footway),
    exteriorNumber: firstText(a.house_number),
    neighborhood: firstText(a.neighbourhood, a.suburb, a.quarter),
    zipCode: zipCodeOf(a.postcode),
    // In Mexico City the alcaldía comes as borough or city_district; elsewhere the municipio.
    municipality: firstText(a.borough, a.city_district, a.municipality, a.county, a.city, a.town),
    city,
  };
  return {
    ...fields,
    interiorNumber: '',
    lat: place.lat,
    lng: place.lon,
    label: addressLabel({ ...fields, name: place.name }) || firstText(place.display_name),
    source: 'nominatim',
  };
}

/**
 * What a result is, from Nominatim's own fields (jsonv2): a house number makes it an address; the
 * `highway` category or `addresstype: road` a street; `addresstype` suburb, neighbourhood or quarter
 * a colonia; a postcode a zip code area.
 */
function kindOf(place: NominatimPlace): SearchResultKind {
  if (place.address?.house_number) return 'address';
  if (place.category === 'highway' || place.addresstype === 'road') return 'street';
  if (place.addresstype === 'postcode' || place.type === 'postcode') return 'zip';
  if (NEIGHBOURHOOD_TYPES.has(place.addresstype ?? '')) return 'colonia';
  return 'place';
}
