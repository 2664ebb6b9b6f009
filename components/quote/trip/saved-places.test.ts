import { describe, expect, it } from 'vitest';
import recordedTrip from '@/test/fixtures/recorded-trip.json';
import { emptyPoint, type PointDraft } from './draft';
import {
  isSavable,
  MAX_SAVED_PLACES,
  parsePlaces,
  withPlaceRemoved,
  withPlaceRenamed,
  withPlaceSaved,
} from './saved-places';

const varsovia: PointDraft = { id: 'pickup-id', ...recordedTrip.pickup, interiorNumber: '' };

describe('saved places', () => {
  it('a point with its pin and an address can be saved, without the stop’s own id', () => {
    const places = withPlaceSaved([], '  Bodega   Roma ', varsovia, 'p1');
    expect(places).toEqual([
      { id: 'p1', name: 'Bodega Roma', point: { ...recordedTrip.pickup, interiorNumber: '' } },
    ]);
    expect(isSavable({ ...emptyPoint(), lat: 19.4, lng: -99.1 })).toBe(false);
    expect(withPlaceSaved([], 'Nada', { ...emptyPoint(), street: 'Sonora' }, 'p2')).toEqual([]);
  });

  it('saving the same name again replaces the place; the newest comes first; fifty at most', () => {
    let places = withPlaceSaved([], 'Bodega Roma', varsovia, 'p1');
    places = withPlaceSaved(places, 'Tienda Centro', varsovia, 'p2');
    places = withPlaceSaved(places, 'BODEGA roma', { ...varsovia, exteriorNumber: '38' }, 'p3');
    expect(places.map((place) => [place.id, place.name])).toEqual([
      ['p3', 'BODEGA roma'],
      ['p2', 'Tienda Centro'],
    ]);
    for (let i = 0; i < 60; i++) places = withPlaceSaved(places, `Cliente ${i}`, varsovia, `c${i}`);
    expect(places).toHaveLength(MAX_SAVED_PLACES);
    expect(places[0]!.name).toBe('Cliente 59');
  });

  it('renamed and removed by id; an empty name renames nothing', () => {
    const places = withPlaceSaved([], 'Bodega Roma', varsovia, 'p1');
    expect(withPlaceRenamed(places, 'p1', 'Almacén')[0]!.name).toBe('Almacén');
    expect(withPlaceRenamed(places, 'p1', '   ')[0]!.name).toBe('Bodega Roma');
    expect(withPlaceRemoved(places, 'p1')).toEqual([]);
  });

  it('read back from storage as saved, and nothing odd', () => {
    const places = withPlaceSaved([], 'Bodega Roma', varsovia, 'p1');
    expect(parsePlaces(JSON.stringify(places))).toEqual(places);
    expect(parsePlaces('{nope')).toEqual([]);
    expect(
      parsePlaces(
        JSON.stringify([
          { id: 'x', name: '', point: varsovia },
          { id: 'y', name: 'Sin pin', point: { ...varsovia, lat: 500 } },
          'text',
        ]),
      ),
    ).toEqual([]);
  });
});
