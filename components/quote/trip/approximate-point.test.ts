import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/lib/api/geocode';
import {
  emptyProvenance,
  pinMoved,
  reverseAnswered,
  searchPicked,
  typedStreetUsed,
  vouchedFor,
  type PointProvenance,
} from './address-provenance';
import { empty, found } from './address-provenance.fixtures';
import { approximationOf, approximationsOf, distanceUncertaintyKm } from './approximate-point';
import { emptyPoint, type LatLng, type QuoteDraftValues } from './draft';
import { parseProvenance } from './provenance-storage';
import { isTripReady, tripReadiness } from './trip-readiness';

/** The built-in gazetteer's centres of Juárez and Hipódromo, and the recorded trip's doors. */
const JUAREZ = { lat: 19.4255, lng: -99.162 };
const HIPODROMO = { lat: 19.4115, lng: -99.1705 };
const VARSOVIA_36 = { lat: 19.4245207, lng: -99.1676911 };
const FAR_AWAY = { lat: 19.44, lng: -99.2 };

const result = (kind: SearchResult['kind'], at: LatLng, neighborhood = 'Juárez'): SearchResult => ({
  ...found({ ...at, neighborhood, zipCode: '06600' }),
  street: 'Varsovia',
  exteriorNumber: '36',
  kind,
  fromText: ['street', 'exteriorNumber'],
});

/** "Varsovia 36, Juárez" picked from the built-in gazetteer: the pin at Juárez's centre. */
function pickedJuarez(kind: SearchResult['kind'] = 'colonia') {
  const step = searchPicked(empty(), emptyProvenance(), result(kind, JUAREZ));
  return { point: { ...empty(), ...step.fields }, provenance: step.provenance };
}

describe('which points are approximate', () => {
  it('a colonia, a zip code or a street found by search leaves the pin approximate', () => {
    expect(approximationOf(JUAREZ, pickedJuarez('colonia').provenance)).toEqual({
      kind: 'colonia',
      radiusMetres: 1000,
    });
    expect(approximationOf(JUAREZ, pickedJuarez('zip').provenance)).toMatchObject({ kind: 'zip' });
    expect(approximationOf(JUAREZ, pickedJuarez('street').provenance)).toEqual({
      kind: 'street',
      radiusMetres: 500,
    });
  });

  it('a house address found by search (a street-level geocoder) is exact', () => {
    expect(approximationOf(JUAREZ, pickedJuarez('address').provenance)).toBeNull();
  });

  it('a tap or a drag to the door inside the colonia makes it exact', () => {
    const { point, provenance } = pickedJuarez();
    const moved = pinMoved(point, provenance, VARSOVIA_36);
    expect(moved.far).toBe(false);
    expect(approximationOf(VARSOVIA_36, moved.provenance)).toBeNull();
  });

  it('a pin moved far away, or placed by typed coordinates elsewhere, is exact', () => {
    const { point, provenance } = pickedJuarez();
    expect(approximationOf(FAR_AWAY, pinMoved(point, provenance, FAR_AWAY).provenance)).toBeNull();
  });

  it('the geocoder answering for the centre, or the street typed, leaves the pin where it was: still approximate', () => {
    const { point, provenance } = pickedJuarez();
    const answered = reverseAnswered(
      point,
      provenance,
      JUAREZ,
      found({ ...JUAREZ, neighborhood: 'Juárez', zipCode: '06600' }),
    ).provenance;
    expect(approximationOf(JUAREZ, answered)).toMatchObject({ kind: 'colonia' });
    const typed = typedStreetUsed(point, answered, {
      street: 'Havre',
      exteriorNumber: '12',
      interiorNumber: '',
    }).provenance;
    expect(approximationOf(JUAREZ, typed)).toMatchObject({ kind: 'colonia' });
  });

  it('a saved place or a reopened quote is exact', () => {
    expect(approximationOf(JUAREZ, vouchedFor({ ...empty(), ...JUAREZ }))).toBeNull();
  });

  it('a pin never placed, or with no provenance, is not approximate', () => {
    expect(approximationOf(null, pickedJuarez().provenance)).toBeNull();
    expect(approximationOf(JUAREZ, undefined)).toBeNull();
  });

  it('a named place (a landmark, a town) is not marked: its size is unknown', () => {
    expect(approximationOf(JUAREZ, pickedJuarez('place').provenance)).toBeNull();
  });

  it('survives the draft saved on the device, its kind included', () => {
    const { provenance } = pickedJuarez('street');
    const stored = parseProvenance(JSON.parse(JSON.stringify(provenance)));
    expect(approximationOf(JUAREZ, stored)).toEqual({ kind: 'street', radiusMetres: 500 });
    const odd = parseProvenance({ anchor: { ...JUAREZ, precision: 'area', kind: 'mansion' } });
    expect(odd.anchor?.kind).toBeUndefined();
  });

  it('a draft saved before anchors named their kind counts as a colonia', () => {
    const older: PointProvenance = parseProvenance({ anchor: { ...JUAREZ, precision: 'area' } });
    expect(approximationOf(JUAREZ, older)).toEqual({ kind: 'colonia', radiusMetres: 1000 });
  });
});

describe('by how much the distance may be off', () => {
  const trip = (dropoffs = 1): QuoteDraftValues => ({
    pickup: { ...emptyPoint(), ...JUAREZ },
    dropoffs: Array.from({ length: dropoffs }, (_, index) => ({
      id: `d${index}`,
      ...emptyPoint(),
      ...HIPODROMO,
    })),
  });
  const searched = (kind: SearchResult['kind'], at: LatLng) =>
    searchPicked(empty(), emptyProvenance(), result(kind, at)).provenance;

  it('A and B both at colonia centres: up to 1 km at each end, 2 km in all', () => {
    const values = trip();
    const provenance = { pickup: searched('colonia', JUAREZ), d0: searched('colonia', HIPODROMO) };
    expect(distanceUncertaintyKm(values, approximationsOf(values, provenance))).toBe(2);
  });

  it('A at a street, B at its door: 0.5 km', () => {
    const values = trip();
    const provenance = { pickup: searched('street', JUAREZ), d0: searched('address', HIPODROMO) };
    expect(distanceUncertaintyKm(values, approximationsOf(values, provenance))).toBe(0.5);
  });

  it('every point exact: nothing', () => {
    const values = trip();
    expect(distanceUncertaintyKm(values, approximationsOf(values, {}))).toBe(0);
  });

  it('a stop between two legs counts for both', () => {
    const values = trip(2);
    const provenance = { d0: searched('colonia', HIPODROMO) };
    expect(distanceUncertaintyKm(values, approximationsOf(values, provenance))).toBe(2);
  });
});

describe('readiness', () => {
  it('a trip with every field in but an approximate point is not ready', () => {
    const values: QuoteDraftValues = {
      pickup: { ...pickedJuarez().point, neighborhood: 'Juárez', zipCode: '06600', ...JUAREZ },
      dropoffs: [
        {
          id: 'b',
          ...emptyPoint(),
          street: 'Sonora',
          exteriorNumber: '180',
          neighborhood: 'Hipódromo',
          zipCode: '06100',
          ...HIPODROMO,
        },
      ],
    };
    const provenance = { pickup: pickedJuarez().provenance };
    const trip = tripReadiness(values, {}, approximationsOf(values, provenance));
    expect(trip[0]!.approximate).toMatchObject({ kind: 'colonia' });
    expect(trip[1]!.approximate).toBeNull();
    expect(isTripReady(trip)).toBe(false);
    expect(isTripReady(tripReadiness(values, {}, {}))).toBe(true);
  });
});
