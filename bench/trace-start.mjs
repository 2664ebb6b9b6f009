// `node bench/trace-start.mjs [--cpu-slowdown=4] [--visits=1] [--bare] [--min=5] [--keep=DIR]`:
// where a cold tablet's start goes until Leaflet's container exists, read from a Chrome trace (not
// a bench figure: the figure is first-pin.mjs, whose tablet and slow 4G this takes).
//
// For each visit (a new context: no HTTP or code cache, as the figure's): every script the page
// asked for (when asked and received, ms from navigation; KB as sent; Chromium's priority), the
// marks of the first paint and of Leaflet's container, the main thread's tasks of at least `--min`
// ms from navigation to 500 ms after the container, each with what ran in it, and for each task
// of 30 ms or more after the first script arrived, the script functions V8's profiler saw most in
// it (V8 compiling a module as it first runs shows as self time of Turbopack's `instantiateModule`).
// `--bare` traces the bench's bare Next + react-leaflet page after each visit of the app's screen.
// Builds the app when the sources changed, as the bench does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { coldTablet, throttledPage } from './figures/first-pin.mjs';
import { startApp } from './lib/app-server.mjs';
import { buildBareMapApp, startBareMapApp } from './lib/bare-map-app.mjs';
import { launchChromium } from './lib/browser.mjs';
import { startTileServer } from './lib/tile-server.mjs';
import { hotFunctions, mainThreadOf, ms, tail, timeline, traced } from './lib/trace.mjs';

const { values: options } = parseArgs({
  options: {
    'cpu-slowdown': { type: 'string', default: '4' },
    visits: { type: 'string', default: '1' },
    min: { type: 'string', default: '5' },
    keep: { type: 'string' },
    bare: { type: 'boolean', default: false },
  },
});
const cpuSlowdown = Number(options['cpu-slowdown']);
const visits = Number(options.visits);
const minTaskMs = Number(options.min);
const keep = options.keep ?? null;
const withBare = options.bare;

/** In the page before its scripts: a user-timing mark when Leaflet's container appears. */
function markContainer() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.leaflet-container')) return;
    performance.mark('trace-start:container');
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

const isTask = (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';

function analyse(events, name) {
  const thread = mainThreadOf(events);
  const onThread = (e) => `${e.pid}:${e.tid}` === thread;
  const navigation = events.find((e) => e.name === 'navigationStart')?.ts;
  const zero = navigation ?? events.find((e) => onThread(e) && e.ph === 'X').ts;
  const at = (mark) => events.find((e) => e.name === mark)?.ts;
  const container = at('trace-start:container');
  const paint = at('firstContentfulPaint') ?? at('firstPaint');
  console.log(`\n=== ${name}`);
  console.log(
    `first paint ${ms(paint - zero)} · Leaflet's container ${ms(container - zero)} ms from navigation`,
  );

  const sent = new Map(
    events.filter((e) => e.name === 'ResourceSendRequest').map((e) => [e.args.data.requestId, e]),
  );
  const scripts = events
    .filter((e) => e.name === 'ResourceFinish' && sent.has(e.args.data.requestId))
    .map((finish) => ({ finish, send: sent.get(finish.args.data.requestId) }))
    .filter(({ send }) => /\.m?js(\?|$)/.test(send.args.data.url))
    .sort((a, b) => a.send.ts - b.send.ts);
  console.log('-- scripts: asked → received (ms), KB as sent, priority');
  for (const { send, finish } of scripts) {
    const kb = (finish.args.data.encodedDataLength / 1024).toFixed(1);
    console.log(
      `${String(ms(send.ts - zero)).padStart(8)} → ${String(ms(finish.ts - zero)).padStart(7)}  ${kb.padStart(6)} KB  ${send.args.data.priority.padEnd(8)} ${tail(send.args.data.url)}`,
    );
  }

  const end = (container ?? zero + 10_000_000) + 500_000;
  console.log(`-- the main thread's tasks of ${minTaskMs} ms or more, ms from navigation`);
  // A task's line is unindented after its duration; what ran in it follows, indented.
  let shown = false;
  for (const line of timeline(events, thread, zero, end, zero)) {
    const [, duration, indent] = /^\s*\S+\s+(\S+) ms (\s*)/.exec(line) ?? [];
    if (indent === '') shown = Number(duration) >= minTaskMs;
    if (shown) console.log(line);
  }

  const firstScript = Math.min(...scripts.map(({ finish }) => finish.ts));
  const long = events
    .filter((e) => onThread(e) && isTask(e) && e.dur >= 30_000)
    .filter((e) => e.ts >= firstScript && e.ts <= end)
    .sort((a, b) => a.ts - b.ts);
  for (const task of long) {
    console.log(`-- what ran most in the task at ${ms(task.ts - zero)} ms (${ms(task.dur)} ms)`);
    for (const line of hotFunctions(events, thread, task.ts, task.ts + task.dur).slice(0, 10))
      console.log(line);
  }
}

async function visit(browser, { origin, signIn, name }) {
  const context = await coldTablet(browser, { origin, signIn });
  try {
    await context.addInitScript(markContainer);
    const { page, cdp } = await throttledPage(context, cpuSlowdown);
    const events = await traced(cdp, async () => {
      await page.goto(`${origin}/`, { waitUntil: 'commit' });
      await page.waitForSelector('.leaflet-container', { timeout: 60_000 });
      await page.waitForTimeout(1_000);
    });
    analyse(events, name);
    if (keep) {
      mkdirSync(keep, { recursive: true });
      const file = join(keep, `${name.replaceAll(/\W+/g, '-')}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
    }
  } finally {
    await context.close();
  }
}

buildIfNeeded();
const tiles = await startTileServer();
const server = await startApp({ env: { NEXT_PUBLIC_TILE_URL: tiles.urlTemplate } });
const bare = withBare
  ? await startBareMapApp(buildBareMapApp().dir, { tileUrl: tiles.urlTemplate })
  : undefined;
const browser = await launchChromium();
console.log(`load average ${loadavg()[0].toFixed(2)}, CPU ${cpuSlowdown}× slower, slow 4G`);
try {
  for (let v = 1; v <= visits; v++) {
    await visit(browser, { origin: server.origin, signIn: true, name: `visit ${v}: the app` });
    if (bare) await visit(browser, { origin: bare.origin, name: `visit ${v}: the bare page` });
  }
} finally {
  await browser.close();
  await bare?.stop();
  await server.stop();
  await tiles.stop?.();
}
