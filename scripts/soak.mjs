// Load and soak test of a production server, on loopback only, stopping by itself:
//   node scripts/soak.mjs [--sessions 50] [--seconds 60] [--warmup 10] [--port 3300] [--dist .next]
//                         [--flood 20000] [--phases quotes,flood]
// Starts the production server (scripts/serve.mjs, as `npm start`) from an existing production build (NEXT_DIST_DIR or --dist; `.next` is built
// first when out of date), checks the security headers, signs in N dispatchers (the demo account
// of the built-in courier), and has each quote trips back to back for the warm-up plus the given
// time, sampling the server's memory after the warm-up: RSS, and the live heap after a forced GC
// (through the inspector, on loopback). Prints a table; exits 1 when a quote failed, the server
// logged an error, a security header was missing or the live heap kept growing.
//
// Then the sign-in flood (the phase `flood`; `--phases quotes` leaves it out): a server of its own
// (on --port + 1) behind one trusted proxy, its courier the legacy stand-in
// (test/support/legacy-courier.ts, which refuses an unknown e-mail at once where the built-in
// courier would spend a password check on it),
// gets 1,000 warm-up and then `--flood` failed sign-ins with distinct e-mails from 1,000 addresses
// (20 each, so every per-key count of the app is reached). Every one must be answered 401, the live
// heap after a full GC must end within 20 MB of where it was after the warm-up, and the server must
// log no error. (Until issue 26 this was a browser test, e2e/abuse.spec.ts.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Agent, WebSocket } from 'undici';
import { runnerImport } from 'vite';

const ROOT = join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    port: { type: 'string', default: '3300' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    'sample-ms': { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '10' },
    flood: { type: 'string', default: '20000' },
    phases: { type: 'string', default: 'quotes,flood' },
  },
});
const PHASES = new Set(args.phases.split(','));
for (const phase of PHASES) {
  if (!['quotes', 'flood'].includes(phase)) {
    console.error(`soak: unknown phase ${phase} (quotes, flood)`);
    process.exit(2);
  }
}
const FLOOD_ATTEMPTS = Number(args.flood);
/** The sign-in flood passes when the live heap grew less than this over its attempts. */
const FLOOD_HEAP_GROWTH_MB = 20;
const SESSIONS = Number(args.sessions);
const SECONDS = Number(args.seconds);
const PORT = Number(args.port);
const DIST = args.dist;
const SAMPLE_MS = Number(args['sample-ms']);
/** Seconds of quoting before memory is sampled: JIT, route compilation and caches settle first. */
const WARMUP = Number(args.warmup);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DISPATCHER = { email: 'dispatcher@example.com', password: 'demo-password' };
/**
 * Memory counts as flat when the live heap (measured after a full GC) at the end is within this of
 * its size after the warm-up. RSS alone says little: V8 grows its heap lazily on a large machine.
 */
const FLAT_HEAP_GROWTH = { ratio: 0.1, megabytes: 10 };
/** How often the live heap is measured (each measurement forces a full GC in the server). */
const HEAP_SAMPLE_MS = 10_000;

const point = (street, exteriorNumber, neighborhood, zipCode, lat, lng) => ({
  street,
  exteriorNumber,
  neighborhood,
  zipCode,
  lat,
  lng,
});
const TRIPS = [
  {
    pickup: point('Varsovia', '36', 'Juárez', '06600', 19.4245207, -99.1676911),
    dropoff: {
      ...point('Sonora', '180', 'Hipódromo', '06100', 19.4133562, -99.1672142),
      interiorNumber: '1',
    },
  },
  {
    pickup: point('Varsovia', '36', 'Juárez', '06600', 19.4245207, -99.1676911),
    dropoff: point('Avenida Universidad', 'S/N', 'Santa Cruz Atoyac', '03310', 19.3614, -99.1708),
  },
  {
    pickup: point('Madero', '1', 'Centro', '06000', 19.4343, -99.1386),
    dropoff: point('Ámsterdam', '240', 'Hipódromo', '06100', 19.4118, -99.1695),
  },
];

// --- the server ---------------------------------------------------------------------------------

function ensureBuild() {
  if (existsSync(join(ROOT, DIST, 'BUILD_ID'))) return Promise.resolve();
  if (DIST !== '.next') {
    console.error(
      `soak: no production build in ${DIST}; run NEXT_DIST_DIR=${DIST} npx next build first.`,
    );
    process.exit(2);
  }
  return import('./build-if-needed.mjs').then(({ buildIfNeeded }) => buildIfNeeded());
}

const logCounts = { total: 0, warn: 0, error: 0, fatal: 0, other: 0 };
const errorLines = [];

function startServer({ port = PORT, env = {}, counts = logCounts, errors = errorLines } = {}) {
  const server = spawn(
    process.execPath,
    [
      // The inspector, on loopback and a free port, lets the soak force a GC and read the heap.
      '--inspect=127.0.0.1:0',
      join(ROOT, 'scripts', 'serve.mjs'),
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        NEXT_DIST_DIR: DIST,
        PORT: String(port),
        LOG_LEVEL: 'info',
        SESSION_SECRET: randomBytes(48).toString('base64'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'dispatch-quote-soak-')),
        COURIER_BASE_URL: '',
        COURIER_SERVICE: '',
        COURIER_ACCOUNTS_FILE: '',
        APP_ORIGIN: '',
        ...env,
      },
    },
  );
  server.inspectorUrl = new Promise((resolve) => {
    server.resolveInspector = resolve;
  });
  for (const stream of [server.stdout, server.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(line);
      if (inspector) server.resolveInspector(inspector[1]);
      if (/^(Debugger listening|Debugger attached|For help, see|Debugger ending)/.test(line))
        return;
      counts.total += 1;
      let level;
      try {
        level = JSON.parse(line).level;
      } catch {
        level = /error|exception/i.test(line) ? 50 : undefined;
      }
      if (level >= 60) counts.fatal += 1;
      else if (level >= 50) counts.error += 1;
      else if (level >= 40) counts.warn += 1;
      else if (level === undefined) counts.other += 1;
      if (level >= 50 && errors.length < 5) errors.push(line.slice(0, 300));
    });
  }
  return server;
}

function stopServer(server) {
  if (server.exitCode !== null) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** The RSS of the server and every process under it, in MB (Linux /proc; `ps` elsewhere). */
function rssMegabytes(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${pids[i]}/task`)) {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Not Linux, or the process has gone.
    }
  }
  let kb = 0;
  for (const each of pids) {
    try {
      const status = readFileSync(`/proc/${each}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}
/** The server's live heap after a full GC, through the inspector protocol (MB). */
async function connectInspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async liveHeapMegabytes() {
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const answer = await send('Runtime.evaluate', {
        expression: 'process.memoryUsage().heapUsed',
        returnByValue: true,
      });
      return answer.result.result.value / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}

// --- the clients --------------------------------------------------------------------------------

const agent = new Agent({ connections: SESSIONS * 2, keepAliveTimeout: 30_000 });

async function call(method, path, { cookie, body, headers = {} } = {}) {
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    dispatcher: agent,
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function waitUntilReady(server, origin = ORIGIN) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 90 s');
}

const REQUIRED_HEADERS = {
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /geolocation=\(self\)/,
};
// Pages get a nonce'd policy from proxy.ts; the JSON answers of /api and /courier a policy that
// loads nothing, from next.config.js.
const PAGE_POLICY = /script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors 'none'/;
const DATA_POLICY = /^default-src 'none'; frame-ancestors 'none'/;

async function checkHeaders() {
  const rows = [];
  const checks = [
    ['GET', '/sign-in', {}],
    ['GET', '/api/health', {}],
    ['GET', '/api/session', {}],
    ['GET', '/courier/openapi.json', {}],
    ['POST', '/courier/api/login/loginClient/json/web', {}],
    ['GET', '/no-such-page', {}],
    ['GET', '/api/health', { 'x-forwarded-proto': 'https' }],
  ];
  for (const [method, path, headers] of checks) {
    const answer = await call(method, path, { headers });
    const policy = /^\/(api|courier)\//.test(path) ? DATA_POLICY : PAGE_POLICY;
    const missing = Object.entries({ ...REQUIRED_HEADERS, 'content-security-policy': policy })
      .filter(([name, pattern]) => !pattern.test(answer.headers.get(name) ?? ''))
      .map(([name]) => name);
    if (answer.headers.get('x-powered-by')) missing.push('x-powered-by present');
    const https = headers['x-forwarded-proto'] === 'https';
    if (https && !answer.headers.get('strict-transport-security')) missing.push('hsts');
    if (!https && answer.headers.get('strict-transport-security')) missing.push('hsts over http');
    rows.push({
      request: `${method} ${path}${https ? ' (https)' : ''}`,
      status: answer.status,
      missing,
    });
  }
  return rows;
}

async function signIn(index) {
  const answer = await call('POST', '/api/session', {
    body: DISPATCHER,
    headers: { 'x-forwarded-for': `127.0.${index >> 8}.${(index % 250) + 1}` },
  });
  if (answer.status !== 200)
    throw new Error(`sign-in ${index} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.headers.getSetCookie()[0].split(';')[0];
}

const quotes = { ok: 0, failed: 0, byStatus: new Map(), latencies: [] };

async function dispatcher(index, cookie, until) {
  let jar = cookie;
  let n = index;
  while (Date.now() < until) {
    const started = performance.now();
    let status;
    try {
      const answer = await call('POST', '/api/quote', {
        cookie: jar,
        body: TRIPS[n++ % TRIPS.length],
      });
      status = answer.status;
      const renewed = answer.headers.getSetCookie().find((line) => line.startsWith('dq_session='));
      if (renewed) jar = renewed.split(';')[0];
      if (status === 200 && !JSON.parse(answer.text).quote?.total) status = 'no total';
    } catch (error) {
      status = error.name === 'TimeoutError' ? 'timeout' : 'network';
    }
    quotes.latencies.push(performance.now() - started);
    quotes.byStatus.set(status, (quotes.byStatus.get(status) ?? 0) + 1);
    if (status === 200) quotes.ok += 1;
    else quotes.failed += 1;
  }
}

// --- the run ------------------------------------------------------------------------------------

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** The quote soak: N dispatchers quoting back to back; returns whether it passed. */
async function soakQuotes() {
  const server = startServer();
  const stop = () => stopServer(server);
  process.on('exit', stop);

  await waitUntilReady(server);
  const headerRows = await checkHeaders();

  const cookies = [];
  for (let i = 0; i < SESSIONS; i++) cookies.push(await signIn(i));
  const rssBefore = rssMegabytes(server.pid);
  const inspector = await connectInspector(await server.inspectorUrl);
  const started = Date.now();
  const heapSamples = [];
  const sampleHeap = async (quiet) =>
    heapSamples.push({
      at: (Date.now() - started) / 1000,
      heap: await inspector.liveHeapMegabytes(),
      quiet,
    });

  // Warm-up, then a pause: the live heap is measured with no request in flight, as at the end.
  await Promise.all(
    cookies.map((cookie, index) => dispatcher(index, cookie, started + WARMUP * 1000)),
  );
  await sampleHeap(true);

  const samples = [];
  const until = Date.now() + SECONDS * 1000;
  const sampler = setInterval(() => {
    samples.push({
      at: (Date.now() - started) / 1000,
      rss: rssMegabytes(server.pid),
      quotes: quotes.ok,
    });
  }, SAMPLE_MS);
  const heapSampler = setInterval(() => void sampleHeap(false), HEAP_SAMPLE_MS);
  await Promise.all(cookies.map((cookie, index) => dispatcher(index, cookie, until)));
  clearInterval(sampler);
  clearInterval(heapSampler);
  await sampleHeap(true);
  inspector.close();
  const elapsed = (Date.now() - started) / 1000;
  // One last health check: the server is still up after the load.
  const healthAfter = (await call('GET', '/api/health')).status;
  stop();
  await new Promise((resolve) => setTimeout(resolve, 300));

  // --- the report -------------------------------------------------------------------------------
  const sorted = [...quotes.latencies].sort((a, b) => a - b);
  const third = Math.max(1, Math.floor(samples.length / 3));
  const early = median(samples.slice(0, third).map((sample) => sample.rss));
  const late = median(samples.slice(-third).map((sample) => sample.rss));
  const growth = early > 0 ? (late - early) / early : 0;
  const quiet = heapSamples.filter((sample) => sample.quiet);
  const heapStart = quiet[0]?.heap ?? 0;
  const heapEnd = quiet.at(-1)?.heap ?? 0;
  const heapGrowth = heapEnd - heapStart;
  const memoryFlat =
    quiet.length >= 2 &&
    (heapGrowth <= FLAT_HEAP_GROWTH.megabytes || heapGrowth / heapStart <= FLAT_HEAP_GROWTH.ratio);
  const headersOk = headerRows.every((row) => row.missing.length === 0);
  const passed =
    quotes.failed === 0 &&
    quotes.ok > 0 &&
    logCounts.error + logCounts.fatal === 0 &&
    memoryFlat &&
    headersOk &&
    healthAfter === 200;

  console.log('\nSecurity headers');
  console.table(headerRows.map((row) => ({ ...row, missing: row.missing.join(', ') || '—' })));
  console.log('RSS samples (MB)');
  console.table(
    samples
      .filter(
        (_, index) =>
          index % Math.max(1, Math.floor(samples.length / 12)) === 0 ||
          index === samples.length - 1,
      )
      .map((sample) => ({
        s: sample.at.toFixed(0),
        'RSS MB': sample.rss.toFixed(1),
        'quotes so far': sample.quotes,
      })),
  );
  console.log('Soak');
  console.table({
    'concurrent sessions': { value: SESSIONS },
    'duration (s), warm-up included': { value: `${elapsed.toFixed(1)} (${WARMUP})` },
    'machine: CPUs, load average at the end': {
      value: `${availableParallelism()}, ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    },
    'quotes ok': { value: quotes.ok },
    'quotes failed': { value: quotes.failed },
    'answers by status': {
      value: [...quotes.byStatus].map(([status, count]) => `${status}: ${count}`).join(', '),
    },
    'throughput (quotes/s)': { value: (quotes.ok / elapsed).toFixed(0) },
    'latency p50 (ms)': { value: percentile(sorted, 50).toFixed(1) },
    'latency p95 (ms)': { value: percentile(sorted, 95).toFixed(1) },
    'latency p99 (ms)': { value: percentile(sorted, 99).toFixed(1) },
    'latency max (ms)': { value: (sorted.at(-1) ?? 0).toFixed(1) },
    'RSS after sign-ins (MB)': { value: rssBefore.toFixed(1) },
    'RSS peak (MB)': { value: Math.max(...samples.map((sample) => sample.rss)).toFixed(1) },
    'RSS first third, median (MB)': { value: early.toFixed(1) },
    'RSS last third, median (MB)': { value: late.toFixed(1) },
    'RSS growth (V8 grows lazily; see the live heap)': { value: `${(growth * 100).toFixed(1)} %` },
    'live heap after GC, no request in flight: after warm-up → end (MB)': {
      value: `${heapStart.toFixed(1)} → ${heapEnd.toFixed(1)} (${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)})`,
    },
    'live heap after GC, under load (MB)': {
      value: heapSamples
        .filter((sample) => !sample.quiet)
        .map((sample) => sample.heap.toFixed(1))
        .join(', '),
    },
    'memory flat': {
      value: `${memoryFlat ? 'yes' : 'NO'} (growth ≤ ${FLAT_HEAP_GROWTH.megabytes} MB or ${FLAT_HEAP_GROWTH.ratio * 100} %)`,
    },
    'server log lines': { value: logCounts.total },
    'log warnings / errors': { value: `${logCounts.warn} / ${logCounts.error + logCounts.fatal}` },
    'health after the run': { value: healthAfter },
    verdict: { value: passed ? 'PASS' : 'FAIL' },
  });
  if (errorLines.length > 0) console.log('First error lines:\n' + errorLines.join('\n'));
  return passed;
}

/** The sign-in flood (see the top of this file); returns whether it passed. */
async function soakSignInFlood() {
  const { module } = await runnerImport(join(ROOT, 'test', 'support', 'legacy-courier.ts'), {
    configFile: false,
    root: ROOT,
    logLevel: 'error',
  });
  const legacy = await module.startLegacyCourier();
  // The next port after the quote soak's (which has stopped by now).
  const port = PORT + 1;
  const origin = `http://127.0.0.1:${port}`;
  const counts = { total: 0, warn: 0, error: 0, fatal: 0, other: 0 };
  const errors = [];
  const server = startServer({
    port,
    counts,
    errors,
    env: {
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      COURIER_BASE_URL: legacy.url,
      COURIER_SERVICE: 'off',
      COURIER_CLIENT_ID: 'legacy-client',
      COURIER_CLIENT_SECRET: 'legacy-client-secret-8c1f',
    },
  });
  const stop = () => stopServer(server);
  process.on('exit', stop);
  const floodAgent = new Agent({ connections: 16 });
  try {
    await waitUntilReady(server, origin);
    const inspector = await connectInspector(await server.inspectorUrl);
    const statuses = new Map();
    const attempt = async (index) => {
      const response = await fetch(`${origin}/api/session`, {
        method: 'POST',
        dispatcher: floodAgent,
        headers: {
          origin,
          'content-type': 'application/json',
          // The warm-up's addresses are apart from the measured attempts'.
          'x-forwarded-for':
            index < 1_000
              ? `10.1.${index >> 8}.${index & 255}`
              : `10.0.${(index % 1_000) >> 8}.${(index % 1_000) & 255}`,
        },
        body: JSON.stringify({ email: `flood-${index}@example.com`, password: 'wrong' }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    };
    const run = async (from, to) => {
      let next = from;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let index = next++; index < to; index = next++) await attempt(index);
        }),
      );
    };
    // A warm-up, so that what was compiled and cached on first use is in the baseline.
    await run(0, 1_000);
    const before = await inspector.liveHeapMegabytes();
    const started = Date.now();
    await run(1_000, 1_000 + FLOOD_ATTEMPTS);
    const seconds = (Date.now() - started) / 1000;
    const after = await inspector.liveHeapMegabytes();
    inspector.close();

    const answers = Object.fromEntries(statuses);
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const grown = after - before;
    // Every one refused by the courier as a wrong e-mail or password: every count was reached.
    const allRefused = total === 1_000 + FLOOD_ATTEMPTS && statuses.get(401) === total;
    const heapFlat = grown < FLOOD_HEAP_GROWTH_MB;
    const quiet = counts.error + counts.fatal === 0;
    const passed = allRefused && heapFlat && quiet;
    console.log('Sign-in flood');
    console.table({
      'failed sign-ins (distinct e-mails), after 1,000 warm-up': {
        value: `${FLOOD_ATTEMPTS.toLocaleString('en')} in ${seconds.toFixed(1)} s`,
      },
      'answers by status (all 401)': {
        value: `${JSON.stringify(answers)} ${allRefused ? '' : 'NO'}`.trim(),
      },
      'live heap after GC: after warm-up → end (MB)': {
        value: `${before.toFixed(1)} → ${after.toFixed(1)} (${grown >= 0 ? '+' : ''}${grown.toFixed(1)}; < ${FLOOD_HEAP_GROWTH_MB}: ${heapFlat ? 'yes' : 'NO'})`,
      },
      'log warnings / errors': { value: `${counts.warn} / ${counts.error + counts.fatal}` },
      verdict: { value: passed ? 'PASS' : 'FAIL' },
    });
    if (errors.length > 0) console.log('First error lines:\n' + errors.join('\n'));
    return passed;
  } finally {
    await floodAgent.close();
    stop();
    await legacy.close();
  }
}

async function main() {
  if (!['127.0.0.1'].includes(new URL(ORIGIN).hostname))
    throw new Error('soak runs on loopback only');
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  await ensureBuild();
  const results = [];
  if (PHASES.has('quotes')) results.push(await soakQuotes());
  if (PHASES.has('flood') && FLOOD_ATTEMPTS > 0) results.push(await soakSignInFlood());
  process.exit(results.every(Boolean) ? 0 : 1);
}

main().catch((error) => {
  console.error(`soak: ${error.message}`);
  process.exit(1);
});
