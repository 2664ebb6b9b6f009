import { describe, expect, it } from 'vitest';
import {
  LEG_LABEL_GAP,
  LEG_LABEL_SIZE,
  legLabelSpots,
  pinBox,
  type Box,
  type Px,
} from './leg-label-spots';

const label = (c: Px): Box => ({
  left: c.x - LEG_LABEL_SIZE / 2,
  right: c.x + LEG_LABEL_SIZE / 2,
  top: c.y - LEG_LABEL_SIZE / 2,
  bottom: c.y + LEG_LABEL_SIZE / 2,
});
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const straight = (tips: Px[]) => tips.slice(1).map((tip, i) => [tips[i]!, tip]);

/** Ten stops as a dispatcher might tap them on a 390 × 340 phone map: three columns, four rows. */
const PHONE_GRID: Px[] = [
  { x: 60, y: 90 },
  { x: 195, y: 90 },
  { x: 330, y: 90 },
  { x: 330, y: 175 },
  { x: 195, y: 175 },
  { x: 60, y: 175 },
  { x: 60, y: 260 },
  { x: 195, y: 260 },
  { x: 330, y: 260 },
  { x: 195, y: 335 },
];

describe('where the legs’ numbers go', () => {
  it('two stops far apart: the number sits halfway along the leg', () => {
    const tips = [
      { x: 0, y: 300 },
      { x: 400, y: 300 },
    ];
    expect(legLabelSpots(tips, straight(tips))).toEqual([{ x: 200, y: 300 }]);
  });

  it('a short leg straight down: the number leaves the halfway point, which the lower pin’s head covers', () => {
    const tips = [
      { x: 100, y: 100 },
      { x: 100, y: 185 },
    ];
    const [spot] = legLabelSpots(tips, straight(tips));
    expect(overlaps(label(spot!), pinBox(tips[1]!))).toBe(false);
    expect(overlaps(label(spot!), pinBox(tips[0]!))).toBe(false);
  });

  it('ten stops in a phone-sized grid: no number covers a pin’s head or another number', () => {
    const spots = legLabelSpots(PHONE_GRID, straight(PHONE_GRID));
    expect(spots).toHaveLength(9);
    const labels = spots.map(label);
    for (const [i, box] of labels.entries()) {
      for (const tip of PHONE_GRID) expect(overlaps(box, pinBox(tip))).toBe(false);
      for (const other of labels.slice(i + 1)) expect(overlaps(box, other)).toBe(false);
    }
  });

  it('two numbers never touch: one whose halfway spot would sit 1 px from another moves along', () => {
    // Two legs side by side, 29 px apart: their halfway numbers (28 px discs) would be 1 px apart.
    const legs = [
      [
        { x: 0, y: 100 },
        { x: 300, y: 100 },
      ],
      [
        { x: 0, y: 129 },
        { x: 300, y: 129 },
      ],
    ];
    const tips = [legs[0]![0]!, legs[0]![1]!, legs[1]![0]!, legs[1]![1]!];
    const [first, second] = legLabelSpots(tips, legs).map(label);
    const apart = Math.max(
      first!.left - second!.right,
      second!.left - first!.right,
      first!.top - second!.bottom,
      second!.top - first!.bottom,
    );
    expect(apart).toBeGreaterThanOrEqual(LEG_LABEL_GAP);
  });

  it('a number is not pushed off the map’s edge when a spot inside is clear', () => {
    const tips = [
      { x: 20, y: 100 },
      { x: 20, y: 170 },
    ];
    const view = { left: 0, top: 0, right: 300, bottom: 300 };
    const [spot] = legLabelSpots(tips, straight(tips), view);
    expect(spot!.x - LEG_LABEL_SIZE / 2).toBeGreaterThanOrEqual(0);
    for (const tip of tips) expect(overlaps(label(spot!), pinBox(tip))).toBe(false);
  });

  it('a road leg that bends: the number stays on the road, clear of the pins', () => {
    const path = [
      { x: 0, y: 100 },
      { x: 0, y: 300 },
      { x: 200, y: 300 },
    ];
    const [spot] = legLabelSpots([path[0]!, path[2]!], [path]);
    expect(spot).toEqual({ x: 0, y: 300 });
  });
});
