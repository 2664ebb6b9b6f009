'use client';

import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { roomForTag, tagSide } from './tag-side';

/** pin-icon.ts draws a tag 4 px from its pin's 52 px head. */
const TAG_GAP = 4;

/**
 * Keeps every pin's name tag inside the map and clear of its controls: a tag that the map's right
 * edge would cut, or that the zoom buttons would cover, goes to the other side of its pin
 * (`data-tag-side="start"` on the pin, quote-map.module.css), measured after every render of the
 * pins (a pin placed or renamed) and whenever the map moves, zooms or is resized. A pin that a tap
 * on the map carried elsewhere was once seen keeping its old side until the map moved (2026-12-03,
 * desktop); not seen again the same evening on any profile, where the map framed the trip after the
 * tap and the tag was measured with it.
 */
export function useTagsInside(): void {
  const map = useMap();
  useEffect(() => {
    const place = () => {
      const container = map.getContainer();
      const box = container.getBoundingClientRect();
      const controls = [...container.querySelectorAll('.leaflet-right .leaflet-control')].map(
        (control) => control.getBoundingClientRect(),
      );
      for (const pin of container.querySelectorAll<HTMLElement>('[data-pin]')) {
        const head = pin.firstElementChild?.getBoundingClientRect();
        const tag = pin.querySelector<HTMLElement>('[data-pin-tag]');
        if (!head || !tag) continue;
        const side = tagSide({
          head,
          tag: { width: tag.offsetWidth, gap: TAG_GAP },
          map: roomForTag(tag.getBoundingClientRect(), box, controls),
        });
        if (pin.dataset.tagSide !== side) pin.dataset.tagSide = side;
      }
    };
    place();
    map.on('move zoom resize', place);
    return () => {
      map.off('move zoom resize', place);
    };
  });
}
