import { fold } from '@/lib/geocoding/fold';
import { pinOf, pointSummary, type PointDraft } from './draft';

/**
 * Places a dispatcher uses again and again ("Bodega Roma", a shop's pickup door): a name and a
 * point, kept on the device per dispatcher, at most MAX_SAVED_PLACES, newest first. Read back
 * from storage field by field; anything odd is dropped, never a crash.
 */

export const MAX_SAVED_PLACES = 50;
export const MAX_PLACE_NAME = 60;

export interface SavedPlace {
  id: string;
  name: string;
  point: PointDraft;
}

/** A point worth saving: it has its pin and an address to show. */
export const isSavable = (point: PointDraft) => pinOf(point) !== null && pointSummary(point) !== '';

const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim().slice(0, MAX_PLACE_NAME);

/**
 * The list with `point` saved as `name`: first in the list; a place of the same name (accents
 * and case aside) is replaced rather than doubled; the oldest beyond the cap goes.
 */
export function withPlaceSaved(
  places: readonly SavedPlace[],
  name: string,
  point: PointDraft,
  id: string,
): SavedPlace[] {
  const clean = cleanName(name);
  if (!clean || !isSavable(point)) return [...places];
  const { id: _stopId, ...fields } = point;
  const kept = places.filter((place) => fold(place.name) !== fold(clean));
  return [{ id, name: clean, point: fields }, ...kept].slice(0, MAX_SAVED_PLACES);
}

export function withPlaceRenamed(
  places: readonly SavedPlace[],
  id: string,
  name: string,
): SavedPlace[] {
  const clean = cleanName(name);
  if (!clean) return [...places];
  return places.map((place) => (place.id === id ? { ...place, name: clean } : place));
}

export const withPlaceRemoved = (places: readonly SavedPlace[], id: string) =>
  places.filter((place) => place.id !== id);

export function parsePlaces(text: string | null): SavedPlace[] {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const places: SavedPlace[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, name, point } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || !cleanName(name)) continue;
    if (typeof point !== 'object' || point === null) continue;
    const p = point as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');
    const parsed: PointDraft = {
      street: text(p.street),
      exteriorNumber: text(p.exteriorNumber),
      interiorNumber: text(p.interiorNumber),
      neighborhood: text(p.neighborhood),
      zipCode: text(p.zipCode),
      ...(pinOf({ lat: p.lat as number, lng: p.lng as number }) ?? {}),
    };
    if (!isSavable(parsed)) continue;
    places.push({ id: id.slice(0, 40), name: cleanName(name), point: parsed });
    if (places.length === MAX_SAVED_PLACES) break;
  }
  return places;
}
