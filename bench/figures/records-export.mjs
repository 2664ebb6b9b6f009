// Figure 18: exporting 100,000 records with flat memory (issue 27), from a PostgreSQL server and
// from the embedded database an instance with no DATABASE_URL keeps (PGlite, in the app's process). GET /api/quotes/export?
// format=csv&scope=team over enough days of the seeded PostgreSQL server (bench/lib/seed-records.mjs:
// ≈ 2,200 team records a day of the 2,000,000, ≈ 1,200 when the export is seeded alone) for
// 100,000 rows and more, read as fast as the bench can take it, while the app process's RSS is
// sampled every 50 ms: growth = the highest sample less RSS before (settled, after an export of
// about 10,000 rows warmed the route up). The warm-up's own growth is reported beside it: the
// first burst of allocation a process sees grows V8's young generation to its working size
// (semi-spaces of up to 16 MB, two of them), once per process and not per row.
import os from 'node:os';
import { signIn } from '../lib/http.mjs';
import { round, sleep } from '../lib/stats.mjs';
import { DAYS } from '../lib/seed-records.mjs';

export const BUDGET = { rssGrowthMb: 30, rows: 100_000 };
const WARMUP_ROWS = 10_000;
const MB = 1024 * 1024;

/** `YYYY-MM-DD` of `daysAgo` days before today on Mexico City's clock (the courier's). */
const dayOf = (daysAgo) =>
  new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/Mexico_City',
  });

/** Streams the export, counting its lines and bytes, sampling the server's RSS meanwhile. */
async function streamExport(server, headers, query) {
  const url = `${server.origin}/api/quotes/export?${new URLSearchParams({ format: 'csv', scope: 'team', ...query })}`;
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) {
    throw new Error(`export: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
  let peak = server.rssBytes();
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 50);
  let lines = 0;
  let bytes = 0;
  try {
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, server.rssBytes());
  return { rows: lines - 1, bytes, peak, seconds: (performance.now() - started) / 1000 };
}

/**
 * `seeded`: what seedRecords answered (its team's records a day choose the days exported);
 * `engine`: where `server` keeps its records, a PostgreSQL server or its embedded database.
 */
export async function measureRecordsExport(server, { smoke, seeded, engine = 'server' }) {
  const perDay = seeded.teamRecordsPerDay;
  // From two days after the oldest record (the retention purge takes those past 90 days).
  const days = smoke ? 3 : Math.min(DAYS - 3, Math.ceil((BUDGET.rows * 1.02) / perDay));
  const warmupDays = smoke ? 1 : Math.ceil(WARMUP_ROWS / perDay);
  const cookie = await signIn(server.origin);
  const headers = { cookie, origin: server.origin };
  const rssAtStart = server.rssBytes();
  const warmup = await streamExport(server, headers, {
    from: dayOf(2 + warmupDays - 1),
    to: dayOf(2),
  });
  await sleep(1_500);
  const before = server.rssBytes();
  const run = await streamExport(server, headers, {
    from: dayOf(DAYS - 2),
    to: dayOf(DAYS - 2 - days + 1),
  });
  const growthMb = (run.peak - before) / MB;
  const enoughRows = smoke || run.rows >= BUDGET.rows;
  return {
    id: engine === 'embedded' ? 'records-export-embedded' : 'records-export',
    title: `export of 100,000 records (${engine === 'embedded' ? 'embedded PGlite' : 'PostgreSQL'})`,
    budget: `RSS of the app grows < ${BUDGET.rssGrowthMb} MB while it streams ≥ ${BUDGET.rows.toLocaleString('en')} rows of CSV`,
    result: `${round(growthMb, 1)} MB (${round(before / MB, 1)} → peak ${round(run.peak / MB, 1)} MB) over ${run.rows.toLocaleString('en')} rows, ${round(run.bytes / MB, 1)} MB of CSV in ${round(run.seconds, 1)} s (the warm-up's ${warmup.rows.toLocaleString('en')} rows: +${round((warmup.peak - rssAtStart) / MB, 1)} MB)`,
    passed: enoughRows && growthMb < BUDGET.rssGrowthMb,
    plan: { engine, days, warmupDays, scope: 'team', sampleEveryMs: 50 },
    figures: {
      warmupRows: warmup.rows,
      warmupRssGrowthMb: round((warmup.peak - rssAtStart) / MB, 1),
      rows: run.rows,
      rssBeforeMb: round(before / MB, 1),
      rssPeakMb: round(run.peak / MB, 1),
      rssGrowthMb: round(growthMb, 1),
      csvMb: round(run.bytes / MB, 1),
      rowsPerSecond: Math.round(run.rows / run.seconds),
      loadAverage: os.loadavg().map((value) => round(value, 2)),
    },
  };
}
