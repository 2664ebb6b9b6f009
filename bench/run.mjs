// `npm run bench`: the performance budgets of issue #6, measured side by side in one run.
//
//   npm run bench                 full run; exits 1 when a budget is missed
//   npm run bench -- --smoke      (CI) only the figures whose budgets do not depend on the run's
//                                 length or the machine's speed (SMOKE_FIGURES), seconds-long, each
//                                 judged: every figure a smoke run produces is one it enforces
//   npm run bench -- --only=app-overhead,logins   some figures only (ids below); with --smoke, a
//                                 seconds-long run of any figure, to see that its harness works
//                                 (judged only if it is in SMOKE_FIGURES)
//   (shared-state starts a redis-server of its own: Debian's, when installed)
//   npm run bench -- --cpu-prof   the main server writes a V8 CPU profile (path printed at the end)
//   npm run bench -- --cpu-slowdown=6   the screen's figures (Lighthouse, first pin, tap to price)
//                                 on a CPU slowed 6× instead of 4× (a slower tablet); a full run
//                                 writes latest-cpu-6x.md beside latest.md rather than replacing it
//
// Builds for production when the sources changed (scripts/build-if-needed.mjs, into NEXT_DIST_DIR
// or .next), starts it with scripts/serve.mjs on free loopback ports, and writes bench/results/latest.json and
// latest.md (a smoke run writes smoke.json, an --only run partial.json, and both print their table).
// latest.md names the commit it measured, so it is written only from a clean tree (no change to a
// tracked file, no untracked file outside .gitignore); a full run from any other tree writes
// uncommitted.json instead. An --only run writes its table to partial.md as well. A figure that was not measured is a budget missed, never one met.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { ROOT, startApp } from './lib/app-server.mjs';
import { describeMachine, describeSource, describeVersions } from './lib/machine.mjs';
import { markdownReport } from './lib/report.mjs';
import { startTileServer } from './lib/tile-server.mjs';
import { measureAppOverhead } from './figures/app-overhead.mjs';
import { measureFirstPin } from './figures/first-pin.mjs';
import { measureFirstQuoteEffort } from './figures/first-quote-effort.mjs';
import { measureLighthouse } from './figures/lighthouse.mjs';
import { measureLogins } from './figures/logins.mjs';
import { measureMemory } from './figures/memory.mjs';
import { measureRouteParallel } from './figures/route-parallel.mjs';
import { measureScreenWeight } from './figures/screen-weight.mjs';
import { measureSearchOnlyDistance } from './figures/search-only-distance.mjs';
import { measureServeOverhead } from './figures/serve-overhead.mjs';
import { measureSharedState, sharedStateEnvs } from './figures/shared-state.mjs';
import { startRedisServer } from './lib/redis-server.mjs';
import { measureSeveralDropoffs } from './figures/several-dropoffs.mjs';
import { measureSignInFlood } from './figures/sign-in-flood.mjs';
import { measureTapToPrice } from './figures/tap-to-price.mjs';
import { measureCotizarRedraws } from './figures/cotizar-redraws.mjs';
import { measureZoneGrowthFigure } from './figures/zone-growth.mjs';
import {
  checkedQuote,
  INSTANCES_PER_SIDE,
  measureRecordsOverhead,
} from './figures/records-overhead.mjs';
import { measureHistorySearch } from './figures/history-search.mjs';
import { measureRecordsExport } from './figures/records-export.mjs';
import { measureCustomerPage } from './figures/customer-page.mjs';
import { startPostgresServer } from './lib/postgres-server.mjs';
import { DISPATCHERS, seedRecords, TEAM_SIZE } from './lib/seed-records.mjs';

const FIGURES = [
  'app-overhead',
  'several-dropoffs',
  'route-parallel',
  'logins',
  'zone-growth',
  'screen-weight',
  'lighthouse',
  'first-pin',
  'first-quote-effort',
  'search-only-distance',
  'tap-to-price',
  'cotizar-redraws',
  'memory',
  'sign-in-flood',
  'serve-overhead',
  'shared-state',
  'records-overhead',
  'history-search',
  'records-export',
  'records-export-embedded',
  'customer-page',
];
const TITLES = {
  'app-overhead': 'what the app adds to a quote',
  'several-dropoffs': 'a 10-address quote against a 2-address one',
  'route-parallel': 'a quote with a road route in flight',
  logins: 'logins per session',
  'zone-growth': 'zone lookup growth',
  'screen-weight': 'quote screen weight',
  lighthouse: 'quote screen beside the bare page under Lighthouse (mobile)',
  'first-pin': 'time to first pin (slow 4G)',
  'first-quote-effort': 'taps and typed characters to a first quote',
  'search-only-distance': 'distance error of a search-only quote (built-in gazetteer)',
  'tap-to-price': 'Cotizar tap → price painted, the answer’s time taken out',
  'cotizar-redraws': 'Intl formats at start; fields a pin tap and a Cotizar draw again',
  memory: 'memory',
  'sign-in-flood': 'quotes during a sign-in flood',
  'serve-overhead': 'what scripts/serve.mjs adds to a request',
  'shared-state': 'quotes with state shared in Redis',
  'records-overhead': 'what storing adds to a quote',
  'history-search': 'history search on 2,000,000 records (PostgreSQL)',
  'records-export': 'export of 100,000 records (PostgreSQL)',
  'records-export-embedded': 'export of 100,000 records (embedded PGlite)',
  'customer-page': "the customer's page beside the quote screen",
};

/**
 * The figures a smoke run measures and judges: counts of logins, of taps, of the fields a pin tap
 * and a Cotizar draw again and of bytes (the screen's weight), and the km of a search-only quote
 * (on the main server, no server of its own), which a shorter run or a slower machine does not
 * change. Timing ratios need the full run's rounds to mean anything, so a smoke run does not
 * produce them (a figure it could not judge would fail only by crashing): that leaves 3 servers
 * to start instead of 10, and no build of the bare map page, no Lighthouse and no Redis.
 */
const SMOKE_FIGURES = [
  'logins',
  'first-quote-effort',
  'cotizar-redraws',
  'screen-weight',
  'search-only-distance',
];

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(
    'usage: npm run bench [-- --smoke] [--cpu-prof] [--cpu-slowdown=4] [--only=' +
      FIGURES.join(',') +
      ']',
  );
  process.exit(0);
}
/** How many times slower the screen's figures run the CPU (Lighthouse, first pin, tap to price). */
const DEFAULT_CPU_SLOWDOWN = 4;
const slowdownArg = args.find((arg) => arg.startsWith('--cpu-slowdown='));
const cpuSlowdown = slowdownArg
  ? Number(slowdownArg.slice('--cpu-slowdown='.length))
  : DEFAULT_CPU_SLOWDOWN;
if (!Number.isFinite(cpuSlowdown) || cpuSlowdown < 1 || cpuSlowdown > 20) {
  console.error(
    `--cpu-slowdown takes a number from 1 to 20 (how many times slower), not "${slowdownArg}"`,
  );
  process.exit(2);
}
const smoke = args.includes('--smoke');
const profileDir = args.includes('--cpu-prof')
  ? join(tmpdir(), `dispatch-quote-bench-${Date.now()}`)
  : undefined;
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknown = only?.filter((id) => !FIGURES.includes(id)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown figure(s): ${unknown.join(', ')}; known: ${FIGURES.join(', ')}`);
  process.exit(2);
}
const wanted = (id) => (only ? only.includes(id) : !smoke || SMOKE_FIGURES.includes(id));

/** The screen's figures need the screen: without it they say so rather than fail. */
const screenPresent =
  existsSync(join(ROOT, 'app', '(app)', 'page.tsx')) &&
  existsSync(join(ROOT, 'components', 'quote'));

const started = Date.now();
const figures = [];
/** The 1-minute load average now, beside each figure: the machine's other work while it ran. */
const loadAverage = () => Math.round(loadavg()[0] * 100) / 100;
const log = (text) => console.log(`[bench] ${text}`);

async function figure(id, measure) {
  if (!wanted(id)) return;
  log(`${TITLES[id]}…`);
  const at = Date.now();
  const loadAtStart = loadAverage();
  try {
    const result = await measure();
    figures.push({ ...result, loadAverage: { start: loadAtStart, end: loadAverage() } });
    log(`${TITLES[id]}: ${result.result} (${Math.round((Date.now() - at) / 1000)} s)`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    figures.push({
      id,
      title: TITLES[id],
      error: message,
      passed: false,
      loadAverage: { start: loadAtStart, end: loadAverage() },
    });
    console.error(`[bench] ${TITLES[id]} failed: ${message}`);
  }
}

function notMeasured(id, note) {
  if (!wanted(id)) return;
  figures.push({ id, title: TITLES[id], result: note, passed: null, note });
  log(`${TITLES[id]}: ${note}`);
}

const machine = describeMachine();
const versions = describeVersions();
buildIfNeeded();

// In-process first, while no server competes for the cores.
await figure('zone-growth', () => measureZoneGrowthFigure({ smoke }));

const tiles = await startTileServer();
const needsMainServer = [
  'app-overhead',
  'several-dropoffs',
  'memory',
  'screen-weight',
  'lighthouse',
  'first-pin',
  'first-quote-effort',
  'search-only-distance',
  'tap-to-price',
  'cotizar-redraws',
  'customer-page',
].some(wanted);
const server = needsMainServer
  ? await startApp({
      label: 'main server',
      env: { NEXT_PUBLIC_TILE_URL: tiles.urlTemplate },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    })
  : undefined;
try {
  // Memory first: a fresh process, nothing else has run through it yet.
  await figure('memory', () => measureMemory(server, { smoke }));
  await figure('app-overhead', () => measureAppOverhead(server, { smoke }));
  await figure('several-dropoffs', () => measureSeveralDropoffs(server, { smoke }));
  await figure('search-only-distance', () => measureSearchOnlyDistance(server));
  if (screenPresent) {
    await figure('screen-weight', () => measureScreenWeight(server));
    await figure('lighthouse', () =>
      measureLighthouse(server, {
        smoke,
        tiles,
        cpuSlowdown,
        log,
        startColdServer: () =>
          startApp({ label: 'cold server', env: { NEXT_PUBLIC_TILE_URL: tiles.urlTemplate } }),
      }),
    );
    await figure('first-pin', () => measureFirstPin(server, { tiles, smoke, cpuSlowdown, log }));
    await figure('first-quote-effort', () => measureFirstQuoteEffort(server, { tiles }));
    await figure('tap-to-price', () =>
      measureTapToPrice(server, { smoke, tiles, cpuSlowdown, log }),
    );
    await figure('cotizar-redraws', () => measureCotizarRedraws(server));
    await figure('customer-page', () => measureCustomerPage(server, { smoke }));
  } else {
    notMeasured('screen-weight', 'not measured: screen missing');
    notMeasured('lighthouse', 'not measured: screen missing');
    notMeasured('first-pin', 'not measured: screen missing');
    notMeasured('first-quote-effort', 'not measured: screen missing');
    notMeasured('tap-to-price', 'not measured: screen missing');
    notMeasured('cotizar-redraws', 'not measured: screen missing');
    notMeasured('customer-page', 'not measured: screen missing');
  }
} finally {
  await server?.stop();
  await tiles.stop();
}

// A server of its own with ROUTER=osrm and the OSRM stand-in answering in 50 ms.
await figure('route-parallel', () => measureRouteParallel({ smoke }));

if (wanted('logins')) {
  // A second server whose courier issues short-lived tokens, so that expiry comes within the run.
  const ttlSeconds = smoke ? 6 : 30;
  const shortLived = await startApp({
    label: 'short-token server',
    env: { COURIER_TOKEN_TTL: `${ttlSeconds}s` },
  });
  try {
    await figure('logins', () => measureLogins(shortLived, { smoke, ttlSeconds }));
  } finally {
    await shortLived.stop();
  }
}

if (wanted('sign-in-flood')) {
  // A server of its own behind one trusted proxy, so the flood can come from a new address for
  // every attempt (the worst case: no per-address limit ever stops it).
  const flooded = await startApp({ label: 'flood server', env: { TRUST_PROXY: '1' } });
  try {
    await figure('sign-in-flood', () => measureSignInFlood(flooded, { smoke }));
  } finally {
    await flooded.stop();
  }
}

if (wanted('serve-overhead')) {
  // The same build served both ways at once, with logs at warn so that neither writes per request.
  const [serve, nextStart] = await Promise.all([
    startApp({ label: 'serve.mjs', env: { LOG_LEVEL: 'warn' } }),
    startApp({ label: 'next start', env: { LOG_LEVEL: 'warn' }, plainNextStart: true }),
  ]);
  try {
    await figure('serve-overhead', () => measureServeOverhead({ serve, nextStart }, { smoke }));
  } finally {
    await Promise.all([serve.stop(), nextStart.stop()]);
  }
}

if (wanted('shared-state')) {
  // A redis-server and a PostgreSQL server of the bench's own; one instance on memory and two
  // sharing that Redis (bench/figures/shared-state.mjs, sharedStateEnvs).
  const redis = await startRedisServer();
  let postgres;
  const servers = [];
  try {
    // Inside the try: a PostgreSQL that fails to start must not leave the Redis server running.
    postgres = redis ? await startPostgresServer() : undefined;
    if (!redis || !postgres) {
      const missing = redis ? 'PostgreSQL' : 'redis-server';
      notMeasured('shared-state', `not measured: ${missing} is not installed`);
    } else {
      const envs = sharedStateEnvs({ redisUrl: redis.url, databaseUrl: postgres.url });
      servers.push(await startApp({ label: 'memory instance', env: envs.memory }));
      for (const label of ['redis instance 1', 'redis instance 2']) {
        servers.push(await startApp({ label, env: envs.redis }));
      }
      const [memory, ...shared] = servers;
      await figure('shared-state', () => measureSharedState({ memory, shared }, { smoke }));
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres?.stop();
    await redis?.stop();
  }
}

if (wanted('records-overhead')) {
  // Both engines, each INSTANCES_PER_SIDE instances storing quotes and as many with
  // QUOTE_RECORDS=off, all at warn: PGlite under each instance's own temp DATA_DIR, and a
  // PostgreSQL server of the bench's own.
  const postgres = await startPostgresServer();
  const servers = [];
  try {
    const engines = {};
    for (const [engine, env] of [
      ['embedded', {}],
      ...(postgres ? [['server', { DATABASE_URL: postgres.url }]] : []),
    ]) {
      const on = [];
      const off = [];
      for (let instance = 1; instance <= INSTANCES_PER_SIDE; instance++) {
        for (const [side, list, extra] of [
          ['on', on, {}],
          ['off', off, { QUOTE_RECORDS: 'off' }],
        ]) {
          const server = await startApp({
            label: `${engine} records ${side} ${instance}`,
            env: { ...env, LOG_LEVEL: 'warn', ...extra },
          });
          servers.push(server);
          list.push(server);
        }
      }
      engines[engine] = { on, off };
    }
    if (!postgres) log('PostgreSQL is not installed: what storing adds is measured on PGlite only');
    await figure('records-overhead', () => measureRecordsOverhead(engines, { smoke }));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await postgres?.stop();
  }
}

if (wanted('history-search') || wanted('records-export')) {
  // One PostgreSQL server seeded with 2,000,000 records (smoke: 20,000) in a temp directory,
  // removed afterwards, and one instance on it whose SESSION_SECRET sealed the seeded links. The
  // export alone needs only a team's 100,000: 110,000 records of one team, seeded in seconds.
  const wholeSeed = smoke || wanted('history-search');
  const postgres = await startPostgresServer({
    settings: { shared_buffers: '256MB', max_wal_size: '4GB', checkpoint_timeout: '30min' },
  });
  if (!postgres) {
    notMeasured('history-search', 'not measured: PostgreSQL is not installed');
    notMeasured('records-export', 'not measured: PostgreSQL is not installed');
  } else {
    const sessionSecret = 'bench-history-session-secret-0123456789abcdef';
    let app;
    try {
      app = await startApp({
        label: 'history instance',
        env: { DATABASE_URL: postgres.url, SESSION_SECRET: sessionSecret, LOG_LEVEL: 'warn' },
      });
      const { quote: quoteTemplate } = await checkedQuote(app, { stored: true });
      const at = Date.now();
      const seeded = await seedRecords(postgres.url, {
        count: smoke ? 20_000 : wholeSeed ? 2_000_000 : 110_000,
        dispatchers: wholeSeed ? DISPATCHERS : TEAM_SIZE,
        sessionSecret,
        quoteTemplate,
        log,
      });
      log(
        `seeded ${seeded.rows.toLocaleString('en')} records, ${Math.round(seeded.bytes / 1024 ** 2)} MB with indexes, in ${Math.round((Date.now() - at) / 1000)} s`,
      );
      await figure('history-search', () =>
        measureHistorySearch(app, { databaseUrl: postgres.url, seeded, smoke }),
      );
      await figure('records-export', () => measureRecordsExport(app, { smoke, seeded }));
    } finally {
      await app?.stop();
      await postgres.stop();
    }
  }
}

if (wanted('records-export-embedded')) {
  // The same export from the embedded database of an instance without DATABASE_URL, the default
  // install: a first start migrates it, the bench seeds it with the instance stopped (PGlite is
  // one process's), then the instance starts again on it.
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-quote-bench-pglite-'));
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-export-session-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
  };
  let app;
  try {
    app = await startApp({ label: 'embedded export instance', env });
    const { quote: quoteTemplate } = await checkedQuote(app, { stored: true });
    await app.stop();
    const at = Date.now();
    const seeded = await seedRecords(
      { embeddedDir: join(dataDir, 'pglite') },
      {
        count: smoke ? 20_000 : 110_000,
        dispatchers: TEAM_SIZE,
        sessionSecret: env.SESSION_SECRET,
        quoteTemplate,
        log,
      },
    );
    log(
      `seeded ${seeded.rows.toLocaleString('en')} records in the embedded database, ${Math.round(seeded.bytes / 1024 ** 2)} MB with indexes, in ${Math.round((Date.now() - at) / 1000)} s`,
    );
    app = await startApp({ label: 'embedded export instance', env });
    await figure('records-export-embedded', () =>
      measureRecordsExport(app, { smoke, seeded, engine: 'embedded' }),
    );
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

figures.sort((a, b) => FIGURES.indexOf(a.id) - FIGURES.indexOf(b.id));
const source = describeSource();
const report = {
  run: {
    smoke,
    command: `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
    cpuSlowdown,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    ...source,
  },
  machine,
  versions,
  figures,
  // Not measured (passed null, or an error) is not met.
  budgetsMet: figures.every((f) => f.passed === true),
};
/** The figures whose budgets this run enforces: every one, or in a smoke run SMOKE_FIGURES. */
const judged = figures.filter((f) => !smoke || SMOKE_FIGURES.includes(f.id));
const missed = judged.filter((f) => f.passed !== true);

const results = join(ROOT, 'bench', 'results');
mkdirSync(results, { recursive: true });
// Formatted as `npm run format` would, so the committed table never fails a format check.
const markdown = await prettier.format(markdownReport(report), {
  ...(await prettier.resolveConfig(join(results, 'latest.md'))),
  parser: 'markdown',
});
if (smoke || only || source.uncommittedChanges || !source.commit) {
  // Only a full run of every figure, from a clean committed tree, replaces the committed latest.md.
  const name = smoke ? 'smoke.json' : only ? 'partial.json' : 'uncommitted.json';
  writeFileSync(join(results, name), JSON.stringify(report, null, 2) + '\n');
  // An --only run's table and details, beside latest.md: what a figure measured alone says.
  if (only && !smoke) writeFileSync(join(results, 'partial.md'), markdown);
  console.log('\n' + markdown.split('\n## ')[0]);
  log(
    `${smoke ? 'smoke' : only ? 'partial' : 'uncommitted'} run: wrote bench/results/${name}${only && !smoke ? ' and partial.md' : ''}`,
  );
  if (!smoke && !only) {
    log('latest.md was left as it was: it is written only from a clean, committed tree');
  }
} else {
  // A run at another CPU slowdown is kept beside the default's, not in its place.
  const name = cpuSlowdown === DEFAULT_CPU_SLOWDOWN ? 'latest' : `latest-cpu-${cpuSlowdown}x`;
  writeFileSync(join(results, `${name}.json`), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(results, `${name}.md`), markdown);
  console.log('\n' + markdown.split('\n## ')[0]);
  log(`wrote bench/results/${name}.json and bench/results/${name}.md`);
}

if (profileDir) log(`CPU profile of the main server in ${profileDir} (open it in Chrome DevTools)`);

const broken = figures.filter((f) => f.error);
if (broken.length > 0) {
  console.error(
    `[bench] ${broken.length} figure(s) could not be measured: ${broken.map((f) => f.id).join(', ')}`,
  );
  process.exit(1);
}
if (missed.length > 0) {
  console.error(
    `[bench] budget missed${smoke ? ' (smoke: counts only)' : ''}: ${missed
      .map((f) => `${f.id}${f.passed === false ? '' : ' (not measured)'}`)
      .join(', ')}`,
  );
  process.exit(1);
}
