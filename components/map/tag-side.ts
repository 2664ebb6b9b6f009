import type { Box } from './leg-label-spots';

/**
 * Which side of its pin a name tag goes: beside the head towards the map's right edge (`end`) as
 * drawn, or flipped to its left (`start`) when it would be cut there — a pin near the right edge of
 * a phone's narrow map. Where it fits on neither side (a very narrow map), the side with more room.
 * Pixels, as the page lays them out.
 */
export type TagSide = 'start' | 'end';

export interface TagRoom {
  /** The pin's head: its left and right edges. */
  head: { left: number; right: number };
  /** The tag's width, and its gap from the head (pin-icon.ts draws it 4 px from the head). */
  tag: { width: number; gap: number };
  /** The map's visible box. */
  map: { left: number; right: number };
}

export function tagSide({ head, tag, map }: TagRoom): TagSide {
  const roomAfter = map.right - (head.right + tag.gap);
  if (roomAfter >= tag.width) return 'end';
  const roomBefore = head.left - tag.gap - map.left;
  return roomBefore >= tag.width || roomBefore > roomAfter ? 'start' : 'end';
}

/**
 * The part of the map a tag may use, left to right: the whole map, but for the map's own controls
 * on its right (the zoom buttons) where they sit level with the tag — a tag that reached under them
 * would be hidden there as surely as past the map's edge.
 */
export function roomForTag(
  tag: Pick<Box, 'top' | 'bottom'>,
  map: Pick<Box, 'left' | 'right'>,
  controls: readonly Box[],
): TagRoom['map'] {
  let right = map.right;
  for (const control of controls) {
    const level = control.top < tag.bottom && control.bottom > tag.top;
    if (level && control.left > map.left) right = Math.min(right, control.left);
  }
  return { left: map.left, right };
}
