// `node bench/trace-tap.mjs [--cpu-slowdown=4] [--visits=2] [--keep=DIR]`: where the time between a
// "Cotizar" tap and the price painted goes, read from a Chrome trace (not a bench figure: the
// figure is tap-to-price.mjs, which this reuses to reach the same moment of the same journey).
//
// For each visit, the first quote and one later quote, each made at the figure's dispatcher's pace
// (the quotes it judges), are traced (CDP Tracing, the main thread's
// tasks, layout, style, paint and V8's sampling profiler) and printed as a timeline from the tap:
// each task on the page's main thread with what ran in it, then the script functions that took
// the most time before the request left and after its answer came. Then one more visit with a
// stand-in for React DevTools' hook lists, for each React commit between the tap and the paint,
// which components rendered (a production build has short names: each comes with the start of
// its source, which names the classes and test ids it draws). Builds the app when the sources
// changed, as the bench does (scripts/build-if-needed.mjs, NEXT_DIST_DIR honoured).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { startApp } from './lib/app-server.mjs';
import { launchChromium } from './lib/browser.mjs';
import { startTileServer } from './lib/tile-server.mjs';
import {
  atADispatchersPace,
  changeTrip,
  openScreen,
  placeRecordedTrip,
  quote,
} from './figures/tap-to-price.mjs';
import { hotFunctions, mainThreadOf, ms, timeline, traced } from './lib/trace.mjs';
import { watchReactCommits } from './lib/react-commits.mjs';

const { values: options } = parseArgs({
  options: {
    'cpu-slowdown': { type: 'string', default: '4' },
    visits: { type: 'string', default: '2' },
    keep: { type: 'string' },
  },
});
const cpuSlowdown = Number(options['cpu-slowdown']);
const visits = Number(options.visits);
const keep = options.keep ?? null;

function analyse(events, name) {
  const thread = mainThreadOf(events);
  const onThread = (e) => `${e.pid}:${e.tid}` === thread;
  const touch = events.find(
    (e) => onThread(e) && e.name === 'EventDispatch' && e.args?.data?.type === 'touchstart',
  );
  const marks = (mark) => events.filter((e) => e.name === mark).map((e) => e.ts);
  const painted = marks('tap-to-price:painted').at(-1);
  const shown = marks('tap-to-price:shown').at(-1);
  const send = events.find(
    (e) => e.name === 'ResourceSendRequest' && /\/api\/quote$/.test(e.args?.data?.url ?? ''),
  );
  const requestId = send?.args.data.requestId;
  const answer = events.find(
    (e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === requestId,
  );
  const response = events.find(
    (e) => e.name === 'ResourceReceiveResponse' && e.args?.data?.requestId === requestId,
  );
  const zero = touch?.ts ?? events[0].ts;
  console.log(`\n=== ${name}`);
  console.log(
    `tap 0 · request sent ${ms(send?.ts - zero)} · response ${ms(response?.ts - zero)} · ` +
      `finished ${ms(answer?.ts - zero)} · price shown ${ms(shown - zero)} · painted ${ms(painted - zero)} ms`,
  );
  for (const line of timeline(events, thread, zero - 2_000, (painted ?? zero) + 2_000, zero))
    console.log(line);
  console.log('-- script self time, tap → request sent');
  for (const line of hotFunctions(events, thread, zero, send?.ts ?? zero)) console.log(line);
  console.log('-- script self time, response → painted');
  for (const line of hotFunctions(events, thread, response?.ts ?? zero, painted ?? zero))
    console.log(line);
}

function printCommits(name, commits) {
  console.log(`\n=== React commits, ${name} (+: mounted)`);
  for (const { at, rendered, fields } of commits) {
    const counts = new Map();
    for (const r of rendered) counts.set(r, (counts.get(r) ?? 0) + 1);
    console.log(
      `commit at ${at} ms: ${rendered.length} components` +
        (fields.length ? `, ${fields.length} of them fields (${fields.join(', ')})` : ''),
    );
    for (const [r, n] of counts) console.log(`    ${n > 1 ? `${n}× ` : ''}${r}`);
  }
}

buildIfNeeded();
const tiles = await startTileServer();
const server = await startApp({ env: { NEXT_PUBLIC_TILE_URL: tiles.urlTemplate } });
const browser = await launchChromium();
console.log(`load average ${loadavg()[0].toFixed(2)}, CPU ${cpuSlowdown}× slower`);
try {
  for (let v = 0; v < visits; v++) {
    const { context, page, cdp } = await openScreen(browser, {
      origin: server.origin,
      cpuSlowdown,
    });
    await placeRecordedTrip(page);
    await atADispatchersPace(page);
    const first = await traced(cdp, () => quote(page, 1));
    await atADispatchersPace(page);
    await changeTrip(page, '182');
    const later = await traced(cdp, () => quote(page, 2));
    analyse(first, `visit ${v + 1}: first quote`);
    analyse(later, `visit ${v + 1}: a later quote`);
    if (keep) {
      mkdirSync(keep, { recursive: true });
      writeFileSync(
        join(keep, `visit-${v + 1}-first.json`),
        JSON.stringify({ traceEvents: first }),
      );
      writeFileSync(
        join(keep, `visit-${v + 1}-later.json`),
        JSON.stringify({ traceEvents: later }),
      );
    }
    await context.close();
  }
  const { context, page } = await openScreen(browser, {
    origin: server.origin,
    cpuSlowdown,
    initScripts: [watchReactCommits],
  });
  await placeRecordedTrip(page);
  await atADispatchersPace(page);
  for (const [name, step] of [
    ['first quote', () => quote(page, 1)],
    [
      'a later quote',
      async () => {
        await atADispatchersPace(page);
        await changeTrip(page, '182');
        await page.evaluate(() => window.__commits.start());
        await quote(page, 2);
      },
    ],
  ]) {
    await page.evaluate(() => window.__commits.start());
    await step();
    await page.waitForTimeout(300);
    const commits = await page.evaluate(() => {
      window.__commits.stop();
      return window.__commits.commits;
    });
    printCommits(name, commits);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await tiles.stop?.();
}
