import { describe, expect, it, vi } from 'vitest';
import { pinEvents, TAP_SLOP_PX } from './pin-events';

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
  return { events: pinEvents(key, { onMoved, onSelected }), onMoved, onSelected };
}

/**
 * A finger dragging the pin `pixels` px; `panned`: the map panned under it meanwhile (at its
 * edge), carrying the pin that much further. Leaflet's dragend says how far the finger went.
 */
function drag(events: ReturnType<typeof pinEvents>, pixels: number, panned = 0) {
  const m = marker(19.42, -99.16);
  events.dragstart!({ target: m } as never);
  m.dragTo({ lat: 19.42, lng: -99.16 + (pixels + panned) * 0.0001 });
  events.dragend!({ target: m, distance: pixels } as never);
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

  it('near the edge, where the map pans under the pin, the finger decides, not the pin', () => {
    const { events, onMoved, onSelected } = pin('s1');
    const m = drag(events, 5, 40);
    expect(m.getLatLng()).toEqual({ lat: 19.42, lng: -99.16 });
    expect(onMoved).not.toHaveBeenCalled();
    expect(onSelected).toHaveBeenCalledOnce();
  });

  it(`a drag of ${TAP_SLOP_PX} px or more moves the pin`, () => {
    const { events, onMoved, onSelected } = pin('s1');
    drag(events, TAP_SLOP_PX + 1);
    expect(onMoved).toHaveBeenCalledOnce();
    expect(onSelected).not.toHaveBeenCalled();
  });
});
