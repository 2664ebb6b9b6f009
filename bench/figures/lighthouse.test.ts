import { describe, expect, it } from 'vitest';
import { besideHintedBare, besideHintedText, BUDGET, judgeSideBySide } from './lighthouse.mjs';

/** One Lighthouse run as the figure keeps it: only what the verdict reads. */
const run = (performance: number, tbtMs: number, lcpMs: number, extra = {}) => ({
  performance,
  tbtMs,
  lcpMs,
  accessibility: 100,
  cls: 0,
  ...extra,
});

describe('Lighthouse: the screen judged beside the bare page of the same round', () => {
  it('meets the budget on a slow machine where neither page scores 95, the app no worse than the stack', () => {
    // The machine: the bare page itself scores 57–76 and blocks for over a second.
    const app = [run(71, 1_500, 1_700), run(62, 1_700, 1_900), run(69, 1_400, 1_800)];
    const bare = [run(66, 1_150, 2_000), run(57, 1_200, 2_100), run(70, 1_000, 1_900)];
    const verdict = judgeSideBySide(app, bare);
    expect(verdict.tbtRatio.median).toBe(1.4);
    expect(verdict.performanceDifference.median).toBe(5);
    expect(verdict.passed).toBe(true);
  });

  it('misses when the app blocks twice as long as the bare page, pair by pair', () => {
    const app = [run(71, 1_933, 1_700), run(70, 2_400, 1_700), run(72, 2_100, 1_700)];
    const bare = [run(66, 1_149, 2_000), run(60, 1_100, 2_000), run(70, 1_000, 2_000)];
    const verdict = judgeSideBySide(app, bare);
    expect(verdict.checks.tbtRatio).toBe(false);
    expect(verdict.checks.performanceDifference).toBe(true);
    expect(verdict.passed).toBe(false);
  });

  it('allows the app 5 points behind the bare page and no more', () => {
    const bare = [run(90, 100, 1_000)];
    expect(judgeSideBySide([run(85, 100, 1_000)], bare).passed).toBe(true);
    expect(judgeSideBySide([run(84, 100, 1_000)], bare).checks.performanceDifference).toBe(false);
  });

  it('counts blocking times under 50 ms as 50 ms: a bare page with none does not fail every app', () => {
    expect(judgeSideBySide([run(99, 40, 1_000)], [run(100, 0, 1_000)]).checks.tbtRatio).toBe(true);
    expect(judgeSideBySide([run(98, 80, 1_000)], [run(100, 0, 1_000)]).checks.tbtRatio).toBe(false);
  });

  it('misses on a later largest paint than the bare page’s by more than 1.2×', () => {
    const verdict = judgeSideBySide([run(90, 100, 2_500)], [run(90, 100, 2_000)]);
    expect(verdict.lcpRatio.median).toBe(1.25);
    expect(verdict.passed).toBe(false);
  });

  it('still holds the app to accessibility 95 and CLS 0.05, whatever the bare page does', () => {
    const bare = [run(60, 1_000, 2_000, { accessibility: 80, cls: 0.3 })];
    expect(
      judgeSideBySide([run(60, 1_000, 2_000, { accessibility: 94 })], bare).checks,
    ).toMatchObject({
      accessibility: false,
      cls: true,
    });
    expect(judgeSideBySide([run(60, 1_000, 2_000, { cls: 0.06 })], bare).checks).toMatchObject({
      accessibility: true,
      cls: false,
    });
  });
});

describe('Lighthouse: the bare page given the app’s compile hint, beside the verdict', () => {
  const app = [run(80, 600, 1_700), run(78, 700, 1_800), run(82, 650, 1_750)];
  const bare = [run(76, 700, 2_000), run(70, 750, 2_100), run(74, 640, 1_900)];
  const bareHinted = [run(90, 300, 1_900), run(86, 250, 2_000), run(88, 20, 1_850)];

  it('pairs each round’s app with that round’s hinted bare page, under-50 ms blocking as 50', () => {
    const context = besideHintedBare(app, bareHinted);
    // 600/300, 700/250, 650/50 (20 ms counts as 50).
    expect(context.tbtRatio).toMatchObject({ min: 2, median: 2.8, max: 13 });
    expect(context.performanceDifference).toMatchObject({ min: -10, median: -8, max: -6 });
    expect(context.bareHintedTbtMs.median).toBe(250);
  });

  it('does not touch the verdict, which stays against the bare page as Next builds it', () => {
    const verdict = judgeSideBySide(app, bare);
    expect(verdict.passed).toBe(true);
    expect(besideHintedBare(app, bareHinted).tbtRatio.median).toBeGreaterThan(BUDGET.tbtRatio);
  });

  it('refuses a round without its hinted bare page', () => {
    expect(() => besideHintedBare(app, bareHinted.slice(1))).toThrow(/unpaired/);
  });

  it('says in its line that it is context, with the ratio’s range and a signed difference', () => {
    const text = besideHintedText(besideHintedBare(app, bareHinted));
    expect(text).toContain('not judged');
    expect(text).toContain('TBT app/bare-hinted 2.80× (2.00–13.00×) per round');
    expect(text).toContain('performance app − bare-hinted -8');
    expect(text).toContain('bare-hinted TBT 250 ms');
  });
});
