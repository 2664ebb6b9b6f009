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
 * shaped like photon.komoot.io's, from the same real places as the Nominatim stand-in, with the
 * same misbehaviours on demand.
 */

function photonFeature(place: StandInPlace, index: number) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    properties: {
      osm_type: 'N',
      osm_id: 5000 + index,
      osm_key: place.name ? 'tourism' : 'place',
      osm_value: place.name ? 'museum' : 'house',
      type: 'house',
      ...(place.name && { name: place.name }),
      housenumber: place.houseNumber,
      street: place.road,
      district: place.suburb,
      county: place.borough,
      city: place.city,
      state: 'Ciudad de México',
      postcode: place.postcode,
      country: 'México',
      countrycode: 'MX',
    },
  };
}

const collection = (places: StandInPlace[]) => ({
  type: 'FeatureCollection',
  features: places.map((place) => photonFeature(place, STAND_IN_PLACES.indexOf(place))),
});

export function startPhotonStandIn(): Promise<GeocoderStandIn> {
  return startGeocoderStandIn({
    '/api': (params) =>
      collection(placesMatching(params.get('q') ?? '').slice(0, Number(params.get('limit') ?? 15))),
    '/reverse': (params) => {
      const place = placeNear(Number(params.get('lat')), Number(params.get('lon')));
      return collection(place ? [place] : []);
    },
  });
}
