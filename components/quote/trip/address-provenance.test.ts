import { describe, expect, it } from 'vitest';
import type { FoundAddress, SearchResult } from '@/lib/api/geocode';
import {
  AREA_METRES,
  NUDGE_METRES,
  earlierCleared,
  earlierFields,
  earlierKept,
  emptyProvenance,
  fieldTyped,
  isOtherArea,
  isSamePlace,
  metresBetween,
  pinMoved,
  reverseAnswered,
  searchPicked,
  typedStreetUsed,
  vouchedFor,
  type AddressText,
  type PointProvenance,
} from './address-provenance';
import { parseProvenance } from './provenance-storage';

const SONORA = { lat: 19.4133562, lng: -99.1672142 };
/** About 1 km north of Sonora 180, in Roma Norte. */
const ONE_KM_AWAY = { lat: 19.4223, lng: -99.1672 };
/** About 20 m east of Sonora 180. */
const NUDGED = { lat: 19.4133562, lng: -99.16702 };

const empty = (): AddressText => ({
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
});

const sonoraTyped = (): AddressText => ({
  street: 'Sonora',
  exteriorNumber: '180',
  interiorNumber: '1',
  neighborhood: 'Hipódromo',
  zipCode: '06100',
});

const found = (fields: Partial<FoundAddress> & { lat: number; lng: number }): FoundAddress => ({
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
  label: '',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  source: 'builtin',
  ...fields,
});

/** Sonora 180 int. 1 typed by the dispatcher for a pin whose colonia the geocoder named. */
function quotedAtSonora(): { point: AddressText; provenance: PointProvenance } {
  const point = sonoraTyped();
  let provenance = pinMoved(empty(), emptyProvenance(), SONORA).provenance;
  provenance = reverseAnswered(
    empty(),
    provenance,
    SONORA,
    found({ ...SONORA, neighborhood: 'Hipódromo', zipCode: '06100' }),
  ).provenance;
  for (const field of ['street', 'exteriorNumber', 'interiorNumber'] as const) {
    provenance = fieldTyped(provenance, field, point[field]);
  }
  return { point, provenance };
}

describe('the same-place rule', () => {
  it('measures metres on the ground', () => {
    expect(metresBetween(SONORA, ONE_KM_AWAY)).toBeGreaterThan(950);
    expect(metresBetween(SONORA, ONE_KM_AWAY)).toBeLessThan(1050);
    expect(metresBetween(SONORA, NUDGED)).toBeLessThan(25);
  });

  it(`a pin nudged less than ${NUDGE_METRES} m is at the same door; farther is another place`, () => {
    const anchor = { ...SONORA, precision: 'exact' as const };
    expect(isSamePlace(anchor, NUDGED)).toBe(true);
    expect(isSamePlace(anchor, { lat: SONORA.lat + 0.0007, lng: SONORA.lng })).toBe(false); // ~78 m
    expect(isSamePlace(anchor, ONE_KM_AWAY)).toBe(false);
  });

  it(`a pin at a searched colonia's centre may move up to ${AREA_METRES} m and stay in it`, () => {
    const anchor = { ...SONORA, precision: 'area' as const };
    expect(isSamePlace(anchor, ONE_KM_AWAY)).toBe(true);
    expect(isSamePlace(anchor, { lat: SONORA.lat + 0.02, lng: SONORA.lng })).toBe(false); // ~2.2 km
  });

  it('another colonia or zip code is another area; accents, case and unknowns are not', () => {
    const hipodromo = { neighborhood: 'Hipódromo', zipCode: '06100' };
    expect(isOtherArea(hipodromo, { neighborhood: 'Roma Norte', zipCode: '06700' })).toBe(true);
    expect(isOtherArea(hipodromo, { neighborhood: 'Hipódromo', zipCode: '06170' })).toBe(true);
    expect(isOtherArea(hipodromo, { neighborhood: 'HIPODROMO', zipCode: '' })).toBe(false);
    expect(isOtherArea(undefined, { neighborhood: 'Roma Norte', zipCode: '06700' })).toBe(false);
  });
});

describe('a moved pin and the fields it leaves behind', () => {
  it('B dragged 1 km after a quote: every field it had is from the previous point', () => {
    const { point, provenance } = quotedAtSonora();
    const moved = pinMoved(point, provenance, ONE_KM_AWAY);
    expect(moved.far).toBe(true);
    expect(earlierFields(moved.provenance)).toEqual([
      'street',
      'exteriorNumber',
      'interiorNumber',
      'neighborhood',
      'zipCode',
    ]);
  });

  it('then the geocoder renames colonia and zip code, and the street stays marked', () => {
    const { point, provenance } = quotedAtSonora();
    const moved = pinMoved(point, provenance, ONE_KM_AWAY);
    const answer = reverseAnswered(
      point,
      moved.provenance,
      ONE_KM_AWAY,
      found({ ...ONE_KM_AWAY, neighborhood: 'Roma Norte', zipCode: '06700' }),
    );
    expect(answer.fields).toEqual({ neighborhood: 'Roma Norte', zipCode: '06700' });
    expect(answer.filled).toEqual(['neighborhood', 'zipCode']);
    expect(answer.provenance.origins).toEqual({
      street: 'earlier',
      exteriorNumber: 'earlier',
      interiorNumber: 'earlier',
      neighborhood: 'pin',
      zipCode: 'pin',
    });
  });

  it('a tap far outside the city, where the geocoder knows nothing, leaves every field marked', () => {
    const { point, provenance } = quotedAtSonora();
    const moved = pinMoved(point, provenance, { lat: 22.5, lng: -95.2 });
    expect(earlierFields(moved.provenance)).toHaveLength(5);
  });

  it('a nudge of 20 m keeps what the dispatcher typed, and the geocoder does not overwrite it', () => {
    const { point, provenance } = quotedAtSonora();
    const moved = pinMoved(point, provenance, NUDGED);
    expect(moved.far).toBe(false);
    expect(earlierFields(moved.provenance)).toEqual([]);
    const answer = reverseAnswered(
      point,
      moved.provenance,
      NUDGED,
      found({ ...NUDGED, neighborhood: 'Hipódromo', zipCode: '06100' }),
    );
    expect(answer.fields).toEqual({});
    expect(earlierFields(answer.provenance)).toEqual([]);
  });

  it('a nudge across into another colonia marks the street: the pin is on another block', () => {
    const { point, provenance } = quotedAtSonora();
    const moved = pinMoved(point, provenance, NUDGED);
    const answer = reverseAnswered(
      point,
      moved.provenance,
      NUDGED,
      found({ ...NUDGED, neighborhood: 'Hipódromo Condesa', zipCode: '06170' }),
    );
    expect(answer.fields).toEqual({ neighborhood: 'Hipódromo Condesa', zipCode: '06170' });
    expect(earlierFields(answer.provenance)).toEqual([
      'street',
      'exteriorNumber',
      'interiorNumber',
    ]);
  });

  it('a nudge several times in a row is measured from where the address was set, not the last spot', () => {
    const { point, provenance } = quotedAtSonora();
    let current = provenance;
    let far = false;
    for (let step = 1; step <= 4; step++) {
      const moved = pinMoved(point, current, { lat: SONORA.lat + step * 0.0003, lng: SONORA.lng });
      current = moved.provenance;
      far ||= moved.far;
    }
    expect(far).toBe(true); // 4 × 33 m: the fourth nudge is 133 m from the door
  });

  it('the first pin adopts what was typed before it', () => {
    const moved = pinMoved(sonoraTyped(), emptyProvenance(), SONORA);
    expect(moved.far).toBe(false);
    expect(moved.provenance.anchor).toMatchObject({ ...SONORA, precision: 'exact' });
  });
});

describe('what the geocoder fills', () => {
  it('the built-in gazetteer fills colonia and zip code of an empty point, and says so', () => {
    const placed = pinMoved(empty(), emptyProvenance(), SONORA);
    const answer = reverseAnswered(
      empty(),
      placed.provenance,
      SONORA,
      found({ ...SONORA, neighborhood: 'Hipódromo', zipCode: '06100' }),
    );
    expect(answer.filled).toEqual(['neighborhood', 'zipCode']);
    expect(answer.provenance.anchor?.area).toEqual({ neighborhood: 'Hipódromo', zipCode: '06100' });
  });

  it('a street-level geocoder fills street and number; a nudge to the next house follows the pin', () => {
    const placed = pinMoved(empty(), emptyProvenance(), SONORA);
    const first = reverseAnswered(
      empty(),
      placed.provenance,
      SONORA,
      found({ ...SONORA, street: 'Sonora', exteriorNumber: '180', neighborhood: 'Hipódromo' }),
    );
    expect(first.filled).toEqual(['street', 'exteriorNumber', 'neighborhood']);
    const point = { ...empty(), ...first.fields };
    const moved = pinMoved(point, first.provenance, NUDGED);
    const next = reverseAnswered(
      point,
      moved.provenance,
      NUDGED,
      found({ ...NUDGED, street: 'Sonora', exteriorNumber: '184', neighborhood: 'Hipódromo' }),
    );
    expect(next.fields).toEqual({ exteriorNumber: '184' });
  });

  it('a new street without a number never keeps the number of the old one', () => {
    const point = { ...empty(), street: 'Sonora', exteriorNumber: '180' };
    const provenance: PointProvenance = {
      origins: { street: 'pin', exteriorNumber: 'pin' },
      anchor: { ...SONORA, precision: 'exact' },
    };
    const answer = reverseAnswered(
      point,
      provenance,
      NUDGED,
      found({ ...NUDGED, street: 'Avenida Nuevo León' }),
    );
    expect(answer.fields).toEqual({ street: 'Avenida Nuevo León', exteriorNumber: '' });
    expect(answer.provenance.origins.exteriorNumber).toBeUndefined();
  });
});

describe('the dispatcher settles the marked fields', () => {
  const markedAway = () => {
    const { point, provenance } = quotedAtSonora();
    return { point, provenance: pinMoved(point, provenance, ONE_KM_AWAY).provenance };
  };

  it('typing over a marked field makes it theirs; the others stay marked', () => {
    const { provenance } = markedAway();
    const typed = fieldTyped(provenance, 'street', 'Durango');
    expect(typed.origins.street).toBe('typed');
    expect(earlierFields(typed)).toEqual([
      'exteriorNumber',
      'interiorNumber',
      'neighborhood',
      'zipCode',
    ]);
  });

  it('"keep them" vouches for every marked field at the new spot', () => {
    const { provenance } = markedAway();
    const kept = earlierKept(provenance, ONE_KM_AWAY);
    expect(earlierFields(kept)).toEqual([]);
    expect(kept.anchor).toMatchObject(ONE_KM_AWAY);
  });

  it('"clear them" empties exactly the marked fields', () => {
    const { provenance } = markedAway();
    const typed = fieldTyped(provenance, 'street', 'Durango');
    const cleared = earlierCleared(typed);
    expect(cleared.fields).toEqual({
      exteriorNumber: '',
      interiorNumber: '',
      neighborhood: '',
      zipCode: '',
    });
    expect(cleared.provenance.origins).toEqual({ street: 'typed' });
  });

  it('emptying a field leaves it with no origin', () => {
    const { provenance } = quotedAtSonora();
    expect(fieldTyped(provenance, 'interiorNumber', ' ').origins.interiorNumber).toBeUndefined();
  });
});

describe('search results', () => {
  const juarezResult: SearchResult = {
    ...found({ lat: 19.4255, lng: -99.162, neighborhood: 'Juárez', zipCode: '06600' }),
    street: 'Varsovia',
    exteriorNumber: '36',
    kind: 'colonia',
    fromText: ['street', 'exteriorNumber'],
  };

  it('a colonia found from "Varsovia 36, Juárez": the text is typed, the pin sits at the centre', () => {
    const picked = searchPicked(empty(), emptyProvenance(), juarezResult);
    expect(picked.fields).toEqual({
      street: 'Varsovia',
      exteriorNumber: '36',
      neighborhood: 'Juárez',
      zipCode: '06600',
    });
    expect(picked.provenance.origins).toEqual({
      street: 'typed',
      exteriorNumber: 'typed',
      neighborhood: 'search',
      zipCode: 'search',
    });
    expect(picked.provenance.anchor).toMatchObject({ precision: 'area' });
  });

  it('dragging that pin onto the right building in the same colonia keeps the street', () => {
    const picked = searchPicked(empty(), emptyProvenance(), juarezResult);
    const point = { ...empty(), ...picked.fields };
    const door = { lat: 19.4245207, lng: -99.1676911 }; // Varsovia 36, ~600 m from the centre
    const moved = pinMoved(point, picked.provenance, door);
    expect(moved.far).toBe(false);
    const answer = reverseAnswered(
      point,
      moved.provenance,
      door,
      found({ ...door, neighborhood: 'Juárez', zipCode: '06600' }),
    );
    expect(earlierFields(answer.provenance)).toEqual([]);
  });

  it('a picked result clears what was left from another place and it does not carry', () => {
    const { point, provenance } = quotedAtSonora();
    const moved = pinMoved(point, provenance, ONE_KM_AWAY).provenance;
    const picked = searchPicked(point, moved, {
      ...juarezResult,
      street: '',
      exteriorNumber: '',
      fromText: [],
    });
    expect(picked.fields).toMatchObject({ street: '', exteriorNumber: '', interiorNumber: '' });
    expect(earlierFields(picked.provenance)).toEqual([]);
  });

  it("the text's street and number used as typed: the pin does not move", () => {
    const used = typedStreetUsed(empty(), emptyProvenance(), {
      street: 'Avenida Insurgentes Sur',
      exteriorNumber: '1602',
      interiorNumber: '',
    });
    expect(used.fields).toEqual({ street: 'Avenida Insurgentes Sur', exteriorNumber: '1602' });
    expect(used.provenance.anchor).toBeNull();
  });
});

describe('kept with the draft', () => {
  it('reads back what it wrote, and nothing odd', () => {
    const { provenance } = quotedAtSonora();
    expect(parseProvenance(JSON.parse(JSON.stringify(provenance)))).toEqual(provenance);
    expect(parseProvenance({ origins: { street: 'hacked', zipCode: 'pin' }, anchor: 'x' })).toEqual(
      {
        origins: { zipCode: 'pin' },
        anchor: null,
      },
    );
    expect(parseProvenance(null)).toEqual(emptyProvenance());
    expect(parseProvenance({ anchor: { lat: 200, lng: 0 } }).anchor).toBeNull();
  });

  it('a reopened quote is vouched for as it was quoted', () => {
    expect(vouchedFor({ ...sonoraTyped(), ...SONORA })).toEqual({
      origins: {
        street: 'typed',
        exteriorNumber: 'typed',
        interiorNumber: 'typed',
        neighborhood: 'typed',
        zipCode: 'typed',
      },
      anchor: { ...SONORA, precision: 'exact' },
    });
  });
});
