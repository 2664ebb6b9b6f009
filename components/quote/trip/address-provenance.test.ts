import { describe, expect, it } from 'vitest';
import {
  earlierCleared,
  earlierFields,
  earlierKept,
  emptyProvenance,
  fieldTyped,
  pinMoved,
  reverseAnswered,
  type PointProvenance,
} from './address-provenance';
import {
  NUDGED,
  ONE_KM_AWAY,
  SONORA,
  empty,
  found,
  quotedAtSonora,
  sonoraTyped,
} from './address-provenance.fixtures';

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
