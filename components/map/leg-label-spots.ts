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
/** Clear space kept between two numbers: two discs that touch read as one blot of two digits. */
export const LEG_LABEL_GAP = 4;

export const pinBox = (tip: Px): Box => ({
  left: tip.x - PIN_SIZE.width / 2,
  right: tip.x + PIN_SIZE.width / 2,
  top: tip.y - PIN_SIZE.height,
  bottom: tip.y,
});

const labelBox = (centre: Px, margin = 0): Box => ({
  left: centre.x - LEG_LABEL_SIZE / 2 - margin,
  right: centre.x + LEG_LABEL_SIZE / 2 + margin,
  top: centre.y - LEG_LABEL_SIZE / 2 - margin,
  bottom: centre.y + LEG_LABEL_SIZE / 2 + margin,
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
 * Each leg's number's centre: the first spot along or beside its leg that overlaps no pin, comes
 * no nearer than `LEG_LABEL_GAP` to a number placed before it and lies within `view` (the map's
 * visible pixels), if given; where no spot is clear, the one least covered, then least near.
 */
export function legLabelSpots(
  pinTips: readonly Px[],
  legs: readonly (readonly Px[])[],
  view?: Box,
): Px[] {
  const taken = pinTips.map(pinBox);
  /** The numbers placed so far, each with the gap around it. */
  const spaced: Box[] = [];
  const cut = (box: Box) => (view ? LEG_LABEL_SIZE ** 2 - overlap(box, view) : 0);
  // A spot that covers something (a pin, a number, the map's edge) is worse than any that only
  // comes too near a number: a crowded map gives up the gap before it hides a letter.
  const worse = (a: Score, b: Score) =>
    a.covered > b.covered || (a.covered === b.covered && a.near > b.near);
  return legs.map((path) => {
    let best: (Score & { at: Px }) | null = null;
    search: for (const fraction of ALONG) {
      const { at, normal } = along(path, fraction);
      for (const offset of BESIDE) {
        const spot = { x: at.x + normal.x * offset, y: at.y + normal.y * offset };
        const box = labelBox(spot);
        const score = {
          covered: taken.reduce((sum, other) => sum + overlap(box, other), cut(box)),
          near: spaced.reduce((sum, other) => sum + overlap(box, other), 0),
        };
        if (!best || worse(best, score)) best = { at: spot, ...score };
        if (score.covered === 0 && score.near === 0) break search;
      }
    }
    taken.push(labelBox(best!.at));
    spaced.push(labelBox(best!.at, LEG_LABEL_GAP));
    return best!.at;
  });
}

interface Score {
  /** Pixels of the number over a pin, another number or off the map. */
  covered: number;
  /** Pixels of it within the gap kept around the numbers placed before it. */
  near: number;
}
