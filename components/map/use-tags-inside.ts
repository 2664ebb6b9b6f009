'use client';

import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { tagSide } from './tag-side';

/** pin-icon.ts draws a tag 4 px from its pin's 52 px head. */
const TAG_GAP = 4;

/**
 * Keeps every pin's name tag inside the map: a tag that the map's right edge would cut goes to the
 * other side of its pin (`data-tag-side="start"` on the pin, quote-map.module.css), measured after
 * every render (a pin placed, moved or renamed) and whenever the map moves, zooms or is resized.
 */
export function useTagsInside(): void {
  const map = useMap();
  useEffect(() => {
    const place = () => {
      const box = map.getContainer().getBoundingClientRect();
      for (const pin of map.getContainer().querySelectorAll<HTMLElement>('[data-pin]')) {
        const head = pin.firstElementChild?.getBoundingClientRect();
        const tag = pin.querySelector<HTMLElement>('[data-pin-tag]');
        if (!head || !tag) continue;
        const side = tagSide({
          head,
          tag: { width: tag.offsetWidth, gap: TAG_GAP },
          map: box,
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
