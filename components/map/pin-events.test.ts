import { describe, expect, it, vi } from 'vitest';
import { pinEvents, TAP_SLOP_PX } from './pin-events';

/** A map at a scale of 1 px per 0.0001°, and a marker that can be dragged by hand. */
const map = {
  latLngToContainerPoint: ({ lat, lng }: { lat: number; lng: number }) => {
    const x = lng / 0.0001;
    const y = -lat / 0.0001;
    return { x, y, distanceTo: (p: { x: number; y: number }) => Math.hypot(p.x - x, p.y - y) };
  },
} as never;

function marker(lat: number, lng: number) {
  let at = { lat, lng };
  return {
    getLatLng: () => at,
    setLatLng: (next: typeof at) => void (at = next),
    dragTo(next: typeof at) {
      at = next;
    },
  };
}

function pin(key: string) {
  const onMoved = vi.fn();
  const onSelected = vi.fn();
  return { events: pinEvents(key, map, { onMoved, onSelected }), onMoved, onSelected };
}

function drag(events: ReturnType<typeof pinEvents>, pixels: number) {
  const m = marker(19.42, -99.16);
  events.dragstart!({ target: m } as never);
  m.dragTo({ lat: 19.42, lng: -99.16 + pixels * 0.0001 });
  events.dragend!({ target: m } as never);
  return m;
}

describe("a stop's pin on the map", () => {
  it('takes a tap itself: its stop is chosen, and the map never places the next stop on it', () => {
    // Leaflet gives a click on a marker to the map unless the marker listens to clicks.
    const { events, onMoved, onSelected } = pin('pickup');
    events.click!({} as never);
    expect(onSelected).toHaveBeenCalledExactlyOnceWith('pickup');
    expect(onMoved).not.toHaveBeenCalled();
  });

  it('moves its own stop, and only it, where a drag ends', () => {
    const { events, onMoved } = pin('s1');
    drag(events, 40);
    expect(onMoved).toHaveBeenCalledExactlyOnceWith('s1', { lat: 19.42, lng: -99.16 + 0.004 });
  });

  it(`a drag shorter than ${TAP_SLOP_PX} px is a tap: the pin goes back and nothing moves`, () => {
    for (const pixels of [1, 5, TAP_SLOP_PX - 1]) {
      const { events, onMoved, onSelected } = pin('s1');
      const m = drag(events, pixels);
      expect(m.getLatLng()).toEqual({ lat: 19.42, lng: -99.16 });
      expect(onMoved).not.toHaveBeenCalled();
      expect(onSelected).toHaveBeenCalledExactlyOnceWith('s1');
    }
  });

  it(`a drag of ${TAP_SLOP_PX} px or more moves the pin`, () => {
    const { events, onMoved, onSelected } = pin('s1');
    drag(events, TAP_SLOP_PX + 1);
    expect(onMoved).toHaveBeenCalledOnce();
    expect(onSelected).not.toHaveBeenCalled();
  });
});
