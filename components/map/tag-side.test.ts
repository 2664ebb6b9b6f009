import { describe, expect, it } from 'vitest';
import { tagSide } from './tag-side';

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
