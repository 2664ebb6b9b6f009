import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';

/** A page whose frames the test draws by hand (none at all: a page in the background). */
let frames: Map<number, () => void>;

beforeEach(() => {
  frames = new Map();
  let nextId = 1;
  vi.stubGlobal('requestAnimationFrame', (draw: () => void) => {
    frames.set(nextId, draw);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The next frame is drawn: its requestAnimationFrame callbacks run, then the tasks after it. */
async function drawFrame() {
  const waiting = [...frames.values()];
  frames.clear();
  for (const draw of waiting) draw();
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('work held back until the price is painted', () => {
  it('runs after the next frame, not before, and once', async () => {
    const run = vi.fn();
    afterPaint(run);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    await drawFrame();
    expect(run).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('still runs on a page in the background, which draws no frame (a recent quote is kept)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const run = vi.fn();
    afterPaint(run)();
    await drawFrame();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(run).not.toHaveBeenCalled();
  });
});
