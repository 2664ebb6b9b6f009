import { describe, expect, it } from 'vitest';
import { roomForTag, tagSide } from './tag-side';

/** A 390 px map (a phone), a pin's 52 px head whose left edge is at `left`, a 110 px tag. */
const at = (left: number, width = 110) =>
  tagSide({
    head: { left, right: left + 52 },
    tag: { width, gap: 4 },
    map: { left: 0, right: 390 },
  });

describe('the side of a pin its name tag goes', () => {
  it('beside the head on the right, where it fits', () => {
    expect(at(20)).toBe('end');
    // 224 + 52 + 4 + 110 = 390: the tag's last pixel is the map's.
    expect(at(224)).toBe('end');
  });

  it('on the left once it would be cut at the map’s right edge', () => {
    expect(at(225)).toBe('start');
    expect(at(330)).toBe('start');
  });

  it('where it fits on neither side, the side with more room', () => {
    expect(at(250, 300)).toBe('start');
    expect(at(60, 300)).toBe('end');
  });
});

describe('the room a tag has beside the zoom buttons', () => {
  // A 390 px map; the zoom buttons 44 px wide, 10 px from its right edge, low down.
  const map = { left: 0, right: 390 };
  const zoom = { left: 336, right: 380, top: 400, bottom: 488 };
  const sideOf = (headLeft: number, tagTop: number) =>
    tagSide({
      head: { left: headLeft, right: headLeft + 52 },
      tag: { width: 80, gap: 4 },
      map: roomForTag({ top: tagTop, bottom: tagTop + 30 }, map, [zoom]),
    });

  it('ends at the buttons’ left edge where the tag is level with them', () => {
    expect(roomForTag({ top: 420, bottom: 450 }, map, [zoom])).toEqual({ left: 0, right: 336 });
    // Overlapping them by a pixel is level enough.
    expect(roomForTag({ top: 371, bottom: 401 }, map, [zoom]).right).toBe(336);
  });

  it('is the whole map above or below them', () => {
    expect(roomForTag({ top: 200, bottom: 230 }, map, [zoom])).toEqual(map);
    expect(roomForTag({ top: 370, bottom: 400 }, map, [zoom])).toEqual(map);
  });

  it('sends a tag that would fit by the map’s edge but sit under the buttons to the pin’s left', () => {
    // 240 + 52 + 4 + 80 = 376: inside the map, but 40 px under the buttons.
    expect(sideOf(240, 420)).toBe('start');
    // The same pin higher up keeps its tag on the right.
    expect(sideOf(240, 200)).toBe('end');
    // Clear of the buttons: 200 + 52 + 4 + 80 = 336.
    expect(sideOf(200, 420)).toBe('end');
  });
});
