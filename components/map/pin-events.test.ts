import { describe, expect, it, vi } from 'vitest';
import { pinEvents } from './pin-events';

describe("a stop's pin on the map", () => {
  it('takes a tap itself, so the map never places the next stop on top of it', () => {
    // Leaflet gives a click on a marker to the map unless the marker listens to clicks.
    const onMoved = vi.fn();
    const events = pinEvents('pickup', onMoved);
    expect(events.click).toBeTypeOf('function');
    events.click!({} as never);
    expect(onMoved).not.toHaveBeenCalled();
  });

  it('moves its own stop, and only it, where a drag ends', () => {
    const onMoved = vi.fn();
    const marker = { getLatLng: () => ({ lat: 19.42, lng: -99.16, alt: undefined }) };
    pinEvents('s1', onMoved).dragend!({ target: marker } as never);
    expect(onMoved).toHaveBeenCalledExactlyOnceWith('s1', { lat: 19.42, lng: -99.16 });
  });
});
