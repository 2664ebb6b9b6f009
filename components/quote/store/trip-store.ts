import type { AddressField } from '@/lib/api/geocode';
import { earlierFields } from '../trip/address-provenance';
import type { DraftProvenance } from '../trip/address-provenance';

/**
 * Where the stops' fields came from, outside React: events in a burst (a tap, then the geocoder's
 * answer) read it synchronously between renders, and the form's resolver reads it to refuse fields
 * left from an earlier position.
 */
export function createProvenanceStore() {
  let value: DraftProvenance = {};
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: DraftProvenance) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type ProvenanceStore = ReturnType<typeof createProvenanceStore>;

/** The fields of each stop (by key) still left from an earlier position of its pin. */
export function earlierOf(provenance: DraftProvenance): Record<string, AddressField[]> {
  return Object.fromEntries(
    Object.entries(provenance).map(([key, point]) => [key, earlierFields(point)]),
  );
}
