import type { FoundAddress } from '@/lib/api/geocode';
import {
  emptyProvenance,
  fieldTyped,
  pinMoved,
  reverseAnswered,
  type AddressText,
  type PointProvenance,
} from './address-provenance';

/** Places and points the provenance tests share: Sonora 180 int. 1, Hipódromo, and around it. */
export const SONORA = { lat: 19.4133562, lng: -99.1672142 };
/** About 1 km north of Sonora 180, in Roma Norte. */
export const ONE_KM_AWAY = { lat: 19.4223, lng: -99.1672 };
/** About 20 m east of Sonora 180. */
export const NUDGED = { lat: 19.4133562, lng: -99.16702 };

export const empty = (): AddressText => ({
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
});

export const sonoraTyped = (): AddressText => ({
  street: 'Sonora',
  exteriorNumber: '180',
  interiorNumber: '1',
  neighborhood: 'Hipódromo',
  zipCode: '06100',
});

export const found = (
  fields: Partial<FoundAddress> & { lat: number; lng: number },
): FoundAddress => ({
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
export function quotedAtSonora(): { point: AddressText; provenance: PointProvenance } {
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
