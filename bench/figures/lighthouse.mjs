// Figure 5: Lighthouse (its default mobile profile: a mid-range phone, simulated slow 4G and 4×
// CPU slowdown) on the signed-in screen, tiles served on loopback by the bench's tile server.
// Several runs on the bench's warm server, median reported; and a few on a server just started
// (nothing loaded or compiled yet), as a dispatcher's first open of the day finds it. The budget
// holds for both.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, CHROMIUM_FLAGS } from '../lib/browser.mjs';
import { signIn } from '../lib/http.mjs';
import { round, roundSpread, spread } from '../lib/stats.mjs';

export const BUDGET = { performance: 95, accessibility: 95, cls: 0.05, tbtMs: 200 };

/** Where the time goes, for whoever fixes a miss: the LCP element and phases, heavy scripts. */
function diagnosticsOf(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lcpElement = items('largest-contentful-paint-element')
    .flatMap((item) => item.items ?? [item])
    .map((item) => item.node?.snippet ?? item.node?.selector)
    .find(Boolean);
  const lcpPhases = items('largest-contentful-paint-element')
    .flatMap((item) => item.items ?? [])
    .filter((item) => item.phase)
    .map((item) => `${item.phase} ${Math.round(item.timing)} ms`);
  const path = (url) => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  };
  return {
    lcpElement: lcpElement?.slice(0, 160),
    lcpPhases,
    bootupMs: items('bootup-time')
      .slice(0, 5)
      .map((item) => `${path(item.url)} ${Math.round(item.total)} ms`),
    unusedJavaScriptKb: items('unused-javascript')
      .slice(0, 5)
      .map((item) => `${path(item.url)} ${Math.round(item.wastedBytes / 1000)} KB`),
    renderBlocking: items('render-blocking-resources').map((item) => path(item.url)),
    // What Total Blocking Time is made of: the longest main-thread tasks (simulated mobile CPU).
    longTasks: items('long-tasks')
      .slice(0, 8)
      .map(
        (item) =>
          `${path(item.url)} ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms`,
      ),
  };
}

async function audit(url, cookie) {
  const path = new URL(url).pathname;
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (lhr.runtimeError)
      throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
      throw new Error(`lighthouse saw ${lhr.finalDisplayedUrl}, not ${path}`);
    }
    const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      cls: metric('cumulative-layout-shift'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      siMs: metric('speed-index'),
      failedAccessibilityAudits: lhr.categories.accessibility.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      diagnostics: diagnosticsOf(lhr),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * An audit of `url` (with a session `cookie`, or none for a public page), which must stay there.
 * Lighthouse's own trace errors (NO_NAVSTART, NO_FCP…) ask for another try: on two busy cores
 * they come now and then, sometimes twice in a row. Up to three tries, each in a fresh Chrome.
 */
export async function auditWithRetry(url, cookie, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookie);
    } catch (error) {
      if (attempt >= tries || !/^lighthouse: NO_/.test(error.message)) throw error;
      console.error(
        `[bench] ${error.message.split(' ').slice(0, 2).join(' ')}: trying again (${attempt + 1}/${tries})`,
      );
    }
  }
}

/** Medians and spreads of a set of audits, and whether they keep the budget. */
function summarize(runs) {
  const of = (key) => spread(runs.map((run) => run[key]));
  const figures = {
    performance: of('performance'),
    accessibility: of('accessibility'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    speedIndexMs: of('siMs'),
  };
  const passed =
    figures.performance.median >= BUDGET.performance &&
    figures.accessibility.median >= BUDGET.accessibility &&
    figures.cls.median <= BUDGET.cls &&
    figures.tbtMs.median <= BUDGET.tbtMs;
  const { performance, accessibility, cls, tbtMs, lcpMs } = figures;
  const text =
    `performance ${performance.median} (${performance.min}–${performance.max}), ` +
    `TBT ${Math.round(tbtMs.median)} ms, LCP ${round(lcpMs.median / 1000, 2)} s, ` +
    `accessibility ${accessibility.median}, CLS ${round(cls.median, 3)}`;
  const rounded = Object.fromEntries(
    Object.entries(figures).map(([key, value]) => [key, roundSpread(value, key === 'cls' ? 3 : 0)]),
  );
  return { passed, text, figures: rounded };
}

/** Waits until the server has used under 10 ms of CPU in each of two 250 ms spells (15 s at most). */
async function untilIdle(server) {
  if (server.cpuMs() === undefined) return;
  const deadline = Date.now() + 15_000;
  let quiet = 0;
  let before = server.cpuMs();
  while (quiet < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = server.cpuMs();
    quiet = now - before < 10 ? quiet + 1 : 0;
    before = now;
  }
}

/**
 * `startColdServer` starts a server of the same build and settings that has answered nothing yet
 * (and returns it with a `stop()`); without it, or in a smoke run, only the warm server is audited.
 */
export async function measureLighthouse(server, { smoke, startColdServer }) {
  const plan = { runs: smoke ? 1 : 5, coldRuns: smoke || !startColdServer ? 0 : 3 };
  const runs = [];
  for (let i = 0; i < plan.runs; i++) {
    // A session per run: each audit starts from a cold, signed-in browser.
    const cookie = await signIn(server.origin);
    runs.push(await auditWithRetry(`${server.origin}/`, cookie));
  }
  const coldRuns = [];
  for (let i = 0; i < plan.coldRuns; i++) {
    const cold = await startColdServer();
    try {
      // Next loads every route's code in the background once it listens; the first dispatcher of
      // the day arrives after that, to a server that has rendered nothing yet.
      await untilIdle(cold);
      // The dispatcher's session is older than the server: only the sign-in route has run.
      const cookie = await signIn(cold.origin);
      coldRuns.push(await auditWithRetry(`${cold.origin}/`, cookie));
    } finally {
      await cold.stop();
    }
  }
  const warm = summarize(runs);
  const coldSummary = coldRuns.length > 0 ? summarize(coldRuns) : null;
  const passed = warm.passed && (coldSummary?.passed ?? true);
  return {
    id: 'lighthouse',
    title: 'quote screen under Lighthouse (mobile)',
    budget: `performance ≥ ${BUDGET.performance}, TBT ≤ ${BUDGET.tbtMs} ms, accessibility ≥ ${BUDGET.accessibility}, CLS ≤ ${BUDGET.cls} (medians), warm and cold server`,
    result:
      `warm server (${runs.length} runs): ${warm.text}` +
      (coldSummary
        ? `; cold server (${coldRuns.length} runs, each on a server just started): ${coldSummary.text}`
        : '; cold server: not audited in a smoke run'),
    passed,
    plan,
    figures: { ...warm.figures, ...(coldSummary ? { cold: coldSummary.figures } : {}) },
    failedAccessibilityAudits: [...new Set(runs.flatMap((run) => run.failedAccessibilityAudits))],
    benchmarkIndex: [...runs, ...coldRuns].map((run) => run.benchmarkIndex),
    diagnostics: runs[Math.floor(runs.length / 2)].diagnostics,
  };
}
