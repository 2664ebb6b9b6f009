/**
 * Where each leg's number goes on the map, in screen pixels: on its leg, clear of every pin's head
 * and of the numbers already placed, so that with many stops close together (nine drop-offs on a
 * phone) no number hides a letter and no letter hides a number. Pure: the layer hands in the pins'
 * tips and the legs' paths as the map projects them at its zoom.
 */

export interface Px {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A pin as pin-icon.ts draws it: a 52 px head above its tip, 66 px in all. */
export const PIN_SIZE = { width: 52, height: 66 } as const;
/** A leg's number: a 28 px disc. */
export const LEG_LABEL_SIZE = 28;

export const pinBox = (tip: Px): Box => ({
  left: tip.x - PIN_SIZE.width / 2,
  right: tip.x + PIN_SIZE.width / 2,
  top: tip.y - PIN_SIZE.height,
  bottom: tip.y,
});

const labelBox = (centre: Px): Box => ({
  left: centre.x - LEG_LABEL_SIZE / 2,
  right: centre.x + LEG_LABEL_SIZE / 2,
  top: centre.y - LEG_LABEL_SIZE / 2,
  bottom: centre.y + LEG_LABEL_SIZE / 2,
});

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** Along the leg from its middle outwards, then beside it: the first spot that is clear wins. */
const ALONG = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8];
const BESIDE = [0, 24, -24, 44, -44];

/** The point at `fraction` of a path's length. */
export function along(path: readonly Px[], fraction: number): { at: Px; normal: Px } {
  const lengths = path
    .slice(1)
    .map((point, i) => Math.hypot(point.x - path[i]!.x, point.y - path[i]!.y));
  let remaining = lengths.reduce((sum, length) => sum + length, 0) * fraction;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    const from = path[i]!;
    const to = path[i + 1]!;
    if (remaining <= length && length > 0) {
      const t = remaining / length;
      const normal = { x: -(to.y - from.y) / length, y: (to.x - from.x) / length };
      return { at: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }, normal };
    }
    remaining -= length;
  }
  return { at: path[path.length - 1]!, normal: { x: 0, y: 0 } };
}

/**
 * Each leg's number's centre: the first spot along or beside its leg that overlaps no pin and no
 * number placed before it and lies within `view` (the map's visible pixels), if given; where
 * every spot is covered, the one least covered.
 */
export function legLabelSpots(
  pinTips: readonly Px[],
  legs: readonly (readonly Px[])[],
  view?: Box,
): Px[] {
  const taken = pinTips.map(pinBox);
  const cut = (box: Box) => (view ? LEG_LABEL_SIZE ** 2 - overlap(box, view) : 0);
  return legs.map((path) => {
    let best: { at: Px; covered: number } | null = null;
    search: for (const fraction of ALONG) {
      const { at, normal } = along(path, fraction);
      for (const offset of BESIDE) {
        const spot = { x: at.x + normal.x * offset, y: at.y + normal.y * offset };
        const box = labelBox(spot);
        const covered = taken.reduce((sum, other) => sum + overlap(box, other), cut(box));
        if (!best || covered < best.covered) best = { at: spot, covered };
        if (covered === 0) break search;
      }
    }
    taken.push(labelBox(best!.at));
    return best!.at;
  });
}
