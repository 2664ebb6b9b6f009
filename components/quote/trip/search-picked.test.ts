import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/lib/api/geocode';
import {
  earlierFields,
  emptyProvenance,
  pinMoved,
  reverseAnswered,
  searchPicked,
  typedStreetUsed,
} from './address-provenance';
import { ONE_KM_AWAY, empty, found, quotedAtSonora } from './address-provenance.fixtures';

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
