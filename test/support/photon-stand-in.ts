import {
  placeNear,
  placesMatching,
  STAND_IN_PLACES,
  startGeocoderStandIn,
  type GeocoderStandIn,
  type StandInPlace,
} from './nominatim-stand-in';

/**
 * A local stand-in for Photon: /api (search) and /reverse answer GeoJSON feature collections
 * shaped like photon.komoot.io's, from the same real places as the Nominatim stand-in (houses,
 * a street, colonias), with the same misbehaviours on demand. Reverse looks within `radius` km,
 * 1 km when not given, as Photon does.
 */

/** Photon's `type` (its layer) and OSM tag for each kind of place. */
const CLASSIFICATION = {
  house: { osm_key: 'place', osm_value: 'house', type: 'house' },
  street: { osm_key: 'highway', osm_value: 'trunk', type: 'street' },
  suburb: { osm_key: 'place', osm_value: 'suburb', type: 'district' },
} as const;

function photonFeature(place: StandInPlace) {
  const index = STAND_IN_PLACES.indexOf(place);
  const named = place.kind === 'house' && place.name !== '';
  const span = place.kind === 'street' ? 0.05 : 0.006;
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    properties: {
      osm_type: place.kind === 'house' ? 'N' : place.kind === 'street' ? 'W' : 'R',
      osm_id: 5000 + index,
      ...(named
        ? { osm_key: 'tourism', osm_value: 'museum', type: 'house' }
        : CLASSIFICATION[place.kind]),
      ...(place.name && { name: place.name }),
      ...(place.houseNumber && { housenumber: place.houseNumber }),
      ...(place.kind === 'house' && { street: place.road }),
      ...(place.kind === 'house' && { district: place.suburb }),
      county: place.borough,
      city: place.city,
      state: 'Ciudad de México',
      ...(place.postcode && { postcode: place.postcode }),
      country: 'México',
      countrycode: 'MX',
      ...(place.kind !== 'house' && {
        extent: [place.lng - span, place.lat + span, place.lng + span, place.lat - span],
      }),
    },
  };
}

const collection = (places: StandInPlace[]) => ({
  type: 'FeatureCollection',
  features: places.map(photonFeature),
});

export function startPhotonStandIn(): Promise<GeocoderStandIn> {
  return startGeocoderStandIn({
    '/api': (params) => {
      // bbox (minLon,minLat,maxLon,maxLat) filters: nothing outside it is found.
      const [minLon, minLat, maxLon, maxLat] = (params.get('bbox') ?? '-180,-90,180,90')
        .split(',')
        .map(Number);
      const inBox = ({ lng, lat }: StandInPlace) =>
        minLon! <= lng && lng <= maxLon! && minLat! <= lat && lat <= maxLat!;
      const found = placesMatching(params.get('q') ?? '').filter(inBox);
      return collection(found.slice(0, Number(params.get('limit') ?? 15)));
    },
    '/reverse': (params) => {
      const radius = Number(params.get('radius') ?? 1);
      const place = placeNear(Number(params.get('lat')), Number(params.get('lon')), radius);
      return collection(place ? [place] : []);
    },
  });
}
