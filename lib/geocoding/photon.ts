import 'server-only';
import { z } from 'zod';
import { addressLabel, coordinate, firstText, lenientText, zipCodeOf } from './address-parts';
import { capabilitiesOf } from './capabilities';
import { GeocoderError } from './errors';
import { CachedLookups, type LookupCacheConfig } from './cached-lookups';
import { photonSearchParams } from './provider-query';
import type { SearchResultKind } from '@/lib/api/geocode';
import type { AddressQuery, GeocodedAddress, GeocodedPlace, Geocoder, LatLng } from './types';
import { APP_USER_AGENT, getUpstreamJson, upstreamUrl } from './upstream';

/**
 * Photon (komoot's OpenStreetMap geocoder, self-hostable): search as you type and reverse, GeoJSON
 * answers. The public instance at photon.komoot.io asks for fair use; point PHOTON_URL at your own
 * for production traffic.
 */

export const PHOTON_SEARCH_LIMIT = 8;
/** minLon,minLat,maxLon,maxLat around Mexico: results elsewhere are of no use to this courier. */
const MEXICO_BBOX = '-118.5,14.5,-86.7,32.8';

export interface PhotonOptions extends LookupCacheConfig {
  baseUrl: string;
  timeoutMs: number;
  /** Photon's `lang`: "default" gives local names (Spanish in Mexico) on every Photon version. */
  lang?: string;
}

const propertiesSchema = z
  .looseObject({
    name: lenientText,
    street: lenientText,
    housenumber: lenientText,
    postcode: lenientText,
    district: lenientText,
    locality: lenientText,
    city: lenientText,
    county: lenientText,
    state: lenientText,
    countrycode: lenientText,
    type: lenientText,
    osm_key: lenientText,
    osm_value: lenientText,
  })
  .catch({});

const featureSchema = z.looseObject({
  geometry: z.looseObject({ coordinates: z.tuple([coordinate, coordinate]).rest(z.unknown()) }),
  properties: propertiesSchema.optional(),
});
type PhotonFeature = z.infer<typeof featureSchema>;
type PhotonProperties = z.infer<typeof propertiesSchema>;

const collectionSchema = z.looseObject({ features: z.array(z.unknown()) });

const NEIGHBOURHOOD_VALUES = new Set(['suburb', 'neighbourhood', 'quarter']);

export class PhotonGeocoder implements Geocoder {
  readonly capabilities = capabilitiesOf('photon');
  private readonly lookups: CachedLookups;

  constructor(private readonly options: PhotonOptions) {
    this.lookups = new CachedLookups(options);
  }

  reverse(lat: number, lng: number): Promise<GeocodedAddress | null> {
    return this.lookups.reverse(lat, lng, async (at) => {
      const features = await this.features('/reverse', {
        lat: String(at.lat),
        lon: String(at.lng),
        limit: '1',
      });
      return features[0] ? toAddress(features[0]) : null;
    });
  }

  /**
   * Photon gets the cleaned text ("Sonora 180, Hipódromo"), and once more just the colonia when
   * that finds nothing; both answers are cached (cached-lookups.ts).
   */
  search(query: AddressQuery, near?: LatLng): Promise<GeocodedPlace[]> {
    return this.lookups.search(query, near, async (search, bias) => {
      const features = await this.features('/api', {
        q: search.query,
        limit: String(PHOTON_SEARCH_LIMIT),
        bbox: MEXICO_BBOX,
        ...(bias && { lat: String(bias.lat), lon: String(bias.lng) }),
        ...photonSearchParams(search),
      });
      return features.map((feature) => ({ ...toAddress(feature), kind: kindOf(feature) }));
    });
  }

  private async features(path: string, params: Record<string, string>): Promise<PhotonFeature[]> {
    const url = upstreamUrl(this.options.baseUrl, path, {
      ...params,
      lang: this.options.lang ?? 'default',
    });
    const body = collectionSchema.safeParse(
      await getUpstreamJson(url, {
        provider: 'photon',
        timeoutMs: this.options.timeoutMs,
        userAgent: APP_USER_AGENT,
      }),
    );
    if (!body.success) {
      throw new GeocoderError('photon', 'invalid_response', 'photon sent no feature collection');
    }
    return body.data.features.flatMap((item) => {
      const feature = featureSchema.safeParse(item);
      return feature.success ? [feature.data] : [];
    });
  }
}

function toAddress(feature: PhotonFeature): GeocodedAddress {
  const p = feature.properties ?? {};
  const [lng, lat] = feature.geometry.coordinates;
  const fields = {
    street: firstText(p.street, kindOf(feature) === 'street' ? p.name : undefined),
    exteriorNumber: firstText(p.housenumber),
    neighborhood: firstText(p.district, p.locality, isNeighbourhood(p) ? p.name : undefined),
    zipCode: zipCodeOf(p.postcode),
    municipality: firstText(p.county, p.city, p.type === 'city' ? p.name : undefined),
    city: firstText(p.city, p.type === 'city' ? p.name : undefined, p.county, p.state),
  };
  return {
    ...fields,
    interiorNumber: '',
    lat,
    lng,
    label: addressLabel({ ...fields, name: p.name }) || firstText(p.name),
    source: 'photon',
  };
}

/**
 * What a feature is, from Photon's own fields: `type` (house, street, locality, district, city,
 * …) and the OSM tag (`osm_key`/`osm_value`). A feature with a house number is an address; a
 * highway or `type: street` a street; a suburb, neighbourhood, quarter or district a colonia; a
 * postcode a zip code area.
 */
function kindOf(feature: PhotonFeature): SearchResultKind {
  const p = feature.properties ?? {};
  if (p.housenumber) return 'address';
  if (p.type === 'street' || p.osm_key === 'highway') return 'street';
  if (p.osm_value === 'postcode') return 'zip';
  if (isNeighbourhood(p)) return 'colonia';
  return 'place';
}

function isNeighbourhood(p: PhotonProperties): boolean {
  return (
    p.type === 'district' || p.type === 'locality' || NEIGHBOURHOOD_VALUES.has(p.osm_value ?? '')
  );
}
