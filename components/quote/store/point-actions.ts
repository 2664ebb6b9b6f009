import type { AddressField, FoundAddress, SearchResult, TypedStreet } from '@/lib/api/geocode';
import {
  ADDRESS_FIELDS,
  emptyProvenance,
  vouchedFor,
  type PointProvenance,
  type ProvenanceStep,
} from '../trip/address-provenance';
// The provenance rules, one for each thing that can happen to a stop's pin or fields.
import {
  earlierCleared,
  earlierFields,
  earlierKept,
  fieldTyped,
  pinMoved,
  reverseAnswered,
  searchPicked,
  typedStreetUsed,
} from '../trip/address-provenance';
import { pinOf, type LatLng, type PointDraft } from '../trip/draft';
import { nextStopToPlace, stopByKey } from '../trip/trip-stops';
import type { StoreCore } from './store-core';
import { nextFrame } from './trip-state';

/**
 * What happens to one stop's pin and fields: every change of a pin or a field goes through here,
 * with its provenance (trip/address-provenance.ts), so a field never silently describes a place
 * its pin has left.
 */
export function pointActions(core: StoreCore) {
  const { get, update, form, lookups, history } = core;
  /** A stop's current path in the form ('pickup', 'dropoffs.2'), or undefined once removed. */
  const pathOf = (key: string) => stopByKey(get().values, key)?.path;
  const pointOf = (key: string) => stopByKey(get().values, key)?.point;
  const provenanceOf = (key: string) => get().provenance[key] ?? emptyProvenance();

  function setPoint(key: string, next: PointProvenance) {
    const { provenance } = get();
    if (next !== provenance[key]) update({ provenance: { ...provenance, [key]: next } });
  }

  function apply(key: string, step: ProvenanceStep) {
    const path = pathOf(key);
    if (!path) return;
    for (const [field, value] of Object.entries(step.fields)) form.write(`${path}.${field}`, value);
    setPoint(key, step.provenance);
  }

  function movePin(key: string, at: LatLng) {
    const path = pathOf(key);
    if (!path) return;
    form.write(`${path}.lat`, at.lat);
    form.write(`${path}.lng`, at.lng);
  }

  /** After a stop got its place: the next tap places the first stop still without a pin. */
  function placed(key: string, onlyIfOutside: boolean) {
    update({
      activeStop: nextStopToPlace(get().values, key),
      frame: nextFrame(get(), onlyIfOutside),
    });
  }

  function clearErrorsOf(key: string, fields: AddressField[]) {
    const path = pathOf(key);
    if (path) form.clearErrors(fields.map((field) => `${path}.${field}`));
  }

  return {
    /**
     * A pin placed or moved — by the map (a tap, a drag: the map frames the trip only when the
     * pin is out of view) or by text (typed coordinates, "my location") — and its address looked up.
     * A pin the map moved can be put back ("Deshacer").
     */
    placePin(key: string, at: LatLng, by: 'map' | 'text') {
      const point = pointOf(key);
      if (!point) return;
      if (by === 'map' && pinOf(point)) history.remember('moved', key);
      else history.drop(key);
      movePin(key, at);
      apply(key, pinMoved(point, provenanceOf(key), at));
      void lookups.lookup(key, at);
      placed(key, by === 'map');
    },

    /** The geocoder's answer for the pin at `at`, if the pin is still there: the fields it filled. */
    reverseAnswered(key: string, address: FoundAddress, at: LatLng): AddressField[] {
      const point = pointOf(key);
      const pin = pinOf(point);
      if (!point || !pin || pin.lat !== at.lat || pin.lng !== at.lng) return [];
      const step = reverseAnswered(point, provenanceOf(key), at, address);
      apply(key, step);
      return step.filled;
    },

    /** A search result picked: the pin goes there and the result fills the fields. */
    pickResult(key: string, result: SearchResult) {
      const point = pointOf(key);
      if (!point) return;
      history.drop(key);
      lookups.forget([key]);
      movePin(key, result);
      apply(key, searchPicked(point, provenanceOf(key), result));
      placed(key, false);
    },

    /** A saved place fills the stop: its pin and every field, as the dispatcher saved them. */
    fillFromPlace(key: string, place: PointDraft) {
      const path = pathOf(key);
      const at = pinOf(place);
      if (!path || !at) return;
      history.drop(key);
      lookups.forget([key]);
      movePin(key, at);
      for (const field of ADDRESS_FIELDS) form.write(`${path}.${field}`, place[field]);
      setPoint(key, vouchedFor(place));
      placed(key, false);
    },

    /** The street and numbers of the dispatcher's search text, taken as typed; the pin stays. */
    applyTypedStreet(key: string, typed: TypedStreet) {
      const point = pointOf(key);
      history.drop(key);
      if (point) apply(key, typedStreetUsed(point, provenanceOf(key), typed));
    },

    /** The dispatcher edited a field by hand. */
    typed(key: string, field: AddressField, value: string) {
      history.drop(key);
      setPoint(key, fieldTyped(provenanceOf(key), field, value));
    },

    /** "Keep them": the fields left from the previous position are right after all. */
    keepEarlier(key: string) {
      history.drop(key);
      const fields = earlierFields(provenanceOf(key));
      setPoint(key, earlierKept(provenanceOf(key), pinOf(pointOf(key))));
      clearErrorsOf(key, fields);
    },

    /** "Clear them": the fields left from the previous position are emptied. */
    clearEarlier(key: string) {
      history.drop(key);
      const fields = earlierFields(provenanceOf(key));
      apply(key, earlierCleared(provenanceOf(key)));
      clearErrorsOf(key, fields);
    },
  };
}

export type PointActions = ReturnType<typeof pointActions>;
