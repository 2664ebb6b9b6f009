import type { FoundAddress } from '@/lib/api/geocode';
import { emptyDraft, type LatLng, type QuoteDraftValues } from '../trip/draft';
import type { TripForm } from './store-core';
import { createTripStore } from './trip-store';

/** Sonora 180, Hipódromo, and a spot about 1 km north of it, in Roma Norte. */
export const SONORA = { lat: 19.4133562, lng: -99.1672142 };
export const ROMA = { lat: 19.4223, lng: -99.1672 };

export { found as address } from '../trip/address-provenance.fixtures';

/**
 * A trip store bound to a stand-in for react-hook-form (values written by path and mirrored back,
 * as use-trip-form.ts does) and a geocoder whose answers the test hands out one by one.
 */
export function tripStoreForTest(values: QuoteDraftValues = emptyDraft()) {
  let formValues = structuredClone(values);
  const asked: { at: LatLng; answer: (found: FoundAddress | null) => void }[] = [];
  const store = createTripStore({
    values,
    fetchAddress: (at) => new Promise((resolve) => asked.push({ at, answer: resolve })),
  });
  const form: TripForm = {
    write(path, value) {
      const parts = path.split('.');
      let node = formValues as unknown as Record<string, unknown>;
      for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
      node[parts.at(-1)!] = structuredClone(value);
      store.syncValues(structuredClone(formValues));
    },
    reset(next) {
      formValues = structuredClone(next);
      store.syncValues(structuredClone(formValues));
    },
    clearErrors: () => {},
  };
  store.connectForm(form);
  /** Answers the oldest lookup still waiting, and lets its promise settle. */
  async function answer(found: (at: LatLng) => FoundAddress | null) {
    const next = asked.shift()!;
    next.answer(found(next.at));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  /** `form` stands for the dispatcher's typing (react-hook-form, then the store). */
  return { store, answer, asked, form };
}
