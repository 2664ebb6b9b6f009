import { describe, expect, it } from 'vitest';
import { besideHintedBare, judgeFirstPin, splitOfVisit } from './first-pin.mjs';

const APP = 'http://127.0.0.1:4000';
const script = (path: string, start: number, end: number, bytes: number) => ({
  name: `${APP}/_next/static/chunks/${path}`,
  type: 'script',
  script: true,
  start,
  end,
  bytes,
});

/**
 * A visit as the page records it: HTML at 200 ms, the map at 1,800, the pin in the DOM at 2,000 and
 * painted at 2,030.
 */
const visit = {
  timeOrigin: 0,
  html: 200,
  firstPaint: 580,
  fcp: 600,
  domContentLoaded: 700,
  load: 1_500,
  htmlBytes: 5_000,
  container: 1_800,
  tile: 1_900,
  pin: 2_000,
  pinPainted: 2_030,
  click: 1_960,
  taps: [
    { sent: 1_810, heard: 1_850 },
    { sent: 1_870, heard: 1_950 },
    { sent: 1_990, heard: 2_100 },
  ],
  resources: [
    script('page-a.js', 250, 900, 60_000),
    script('page-b.js', 260, 1_100, 40_000),
    {
      name: `${APP}/_next/static/chunks/screen.css`,
      type: 'link',
      script: false,
      start: 240,
      end: 500,
      bytes: 3_000,
    },
    script('map-small.js', 1_300, 1_450, 700),
    script('map.js', 1_302, 1_700, 50_000),
    {
      name: 'http://127.0.0.1:5000/tiles/14/3678/7290.png',
      type: 'img',
      script: false,
      start: 1_820,
      end: 1_880,
      bytes: 0,
    },
    script('after-the-pin.js', 2_050, 2_400, 9_000),
  ],
};

describe('where a visit to the map spent its time', () => {
  const split = splitOfVisit(visit);

  it('takes the pin from the last tap the page heard before the pin came', () => {
    expect(split.placingTapSentMs).toBe(1_870);
    expect(split.placingTapHeardMs).toBe(1_950);
    expect(split.tapsBeforePin).toBe(2);
    expect(split.firstTapMs).toBe(1_850);
  });

  it('tells the map’s chunks of a page that paints nothing before its map by DOMContentLoaded', () => {
    const late = splitOfVisit({ ...visit, firstPaint: 1_790 });
    expect(late.mapChunksRequestedMs).toBe(1_300);
    expect(late.pageScriptsArrivedMs).toBe(1_100);
  });

  it('tells the page’s own scripts from the map’s chunks, asked for after the first paint', () => {
    expect(split.pageScriptsArrivedMs).toBe(1_100);
    expect(split.mapChunksRequestedMs).toBe(1_300);
    expect(split.mapChunksArrivedMs).toBe(1_700);
    expect(split.mapChunksKb).toBe(50.7);
  });

  it('counts the map’s chunks preloaded after the first paint, before DOMContentLoaded, as the map’s', () => {
    const preloaded = {
      ...visit,
      resources: visit.resources.map((r) =>
        r.name.includes('/map')
          ? { ...r, type: 'link', start: r.start - 700, end: r.end - 700 }
          : r,
      ),
    };
    const early = splitOfVisit(preloaded);
    expect(early.mapChunksRequestedMs).toBe(600);
    expect(early.mapChunksArrivedMs).toBe(1_000);
    expect(early.pageScriptsArrivedMs).toBe(1_100);
  });

  it('counts only what arrived before the pin, the HTML included', () => {
    expect(split.kbBeforePin).toBe(158.7);
    expect(split.scriptKbBeforePin).toBe(150.7);
    expect(split.cssKbBeforePin).toBe(3);
    expect(split.requestsBeforePin).toBe(6);
    expect(split.requests.map((r: { url: string }) => r.url)).toContain(
      '127.0.0.1:5000/tiles/14/3678/7290.png',
    );
    expect(split.requests.map((r: { url: string }) => r.url)).not.toContain(
      '/_next/static/chunks/after-the-pin.js',
    );
  });
});

describe('the first pin’s figure', () => {
  it('keeps when the pin was painted beside when it was put in the DOM', () => {
    const split = splitOfVisit(visit);
    expect(split.pinMs).toBe(2_000);
    expect(split.pinPaintedMs).toBe(2_030);
  });

  it('is judged on the pin painted: a page that lays itself out before the pin is seen in the DOM gains nothing', () => {
    // The app's pin is inserted only after its layout (an effect measures the page), the bare
    // page's before: by insertion the app reads 1.1×, painted it reads 1.3×.
    const runs = {
      app: [
        { pinMs: 2_200, pinPaintedMs: 2_600 },
        { pinMs: 2_200, pinPaintedMs: 2_600 },
        { pinMs: 2_200, pinPaintedMs: 2_600 },
      ],
      bare: [
        { pinMs: 2_000, pinPaintedMs: 2_000 },
        { pinMs: 2_000, pinPaintedMs: 2_000 },
        { pinMs: 2_000, pinPaintedMs: 2_000 },
      ],
    };
    const judged = judgeFirstPin(runs);
    expect(judged.perRound.median).toBeCloseTo(1.3);
    expect(judged.insertedPerRound.median).toBeCloseTo(1.1);
    expect(judged.app?.median).toBe(2_600);
    expect(judged.passed).toBe(false);
    expect(
      judgeFirstPin({ ...runs, app: runs.app.map((run) => ({ ...run, pinPaintedMs: 2_300 })) })
        .passed,
    ).toBe(true);
  });
});

describe('the first pin beside the bare page given the app’s compile hint', () => {
  const pins = (...painted: number[]) =>
    painted.map((ms) => ({ pinMs: ms - 30, pinPaintedMs: ms }));
  const runs = {
    app: pins(3_000, 3_300, 3_150),
    bare: pins(2_700, 2_800, 2_750),
    bareHinted: pins(2_000, 3_000, 2_500),
  };

  it('pairs each round’s app with that round’s hinted bare page, on the pin painted', () => {
    const context = besideHintedBare(runs);
    expect(context.perRound.min).toBeCloseTo(1.1);
    expect(context.perRound.median).toBeCloseTo(1.26);
    expect(context.perRound.max).toBeCloseTo(1.5);
    expect(context.bareHinted?.median).toBe(2_500);
  });

  it('leaves the verdict to the bare page as Next builds it, however far the hinted one is ahead', () => {
    const judged = judgeFirstPin(runs);
    expect(judged.perRound.median).toBeCloseTo(1.15);
    expect(judged.passed).toBe(true);
    expect(judgeFirstPin({ app: runs.app, bare: runs.bare }).perRound).toEqual(judged.perRound);
  });
});
