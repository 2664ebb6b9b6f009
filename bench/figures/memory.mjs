// Figure 6: does the server hold on to memory per quote? RSS of the server process after a
// warm-up, then after 10,000 more quotes through POST /api/quote (each one also a courier call),
// sampled every 1,000 so that a leak shows as a slope, not only as an end point.
import { courierToken, load, quoteRequests, signIn } from '../lib/http.mjs';
import { round, sleep } from '../lib/stats.mjs';

export const BUDGET = { growthMb: 50 };
const MB = 1024 * 1024;

/** RSS once the process has had a moment to settle (timers, sockets closing, a GC or two). */
async function settledRss(server, ms = 1_500) {
  await sleep(ms);
  return server.rssBytes();
}

/** Least-squares slope of y over x. */
export function slope(points) {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

export async function measureMemory(server, { smoke }) {
  // The warm-up brings V8's heap to its working size (it grows for the first few thousand
  // requests of a fresh process, how many depends on how much garbage each request makes); what
  // follows should then stay flat. It goes on, batch by batch, until RSS has held within
  // `settledMb` over one batch (never fewer than `warmup` quotes, never more than `maxWarmup`).
  const plan = smoke
    ? { warmup: 300, maxWarmup: 300, settledMb: Infinity, batches: 2, batch: 300 }
    : { warmup: 3_000, maxWarmup: 10_000, settledMb: 5, batches: 10, batch: 1_000 };
  const cookie = await signIn(server.origin);
  const token = await courierToken(server.origin);
  const { app } = quoteRequests(server.origin, { cookie, token });

  let warmupQuotes = (await load(app, { connections: 10, amount: plan.warmup })).requests;
  let afterWarmup = await settledRss(server);
  while (warmupQuotes < plan.maxWarmup) {
    warmupQuotes += (await load(app, { connections: 10, amount: plan.batch })).requests;
    const now = await settledRss(server);
    const settled = Math.abs(now - afterWarmup) / MB < plan.settledMb;
    afterWarmup = now;
    if (settled) break;
  }
  const samples = [];
  let quotes = 0;
  for (let i = 0; i < plan.batches; i++) {
    quotes += (await load(app, { connections: 10, amount: plan.batch })).requests;
    const last = i === plan.batches - 1;
    samples.push([quotes, (await settledRss(server, last ? 1_500 : 300)) / MB]);
  }
  const afterQuotes = samples[samples.length - 1][1] * MB;
  const growthMb = (afterQuotes - afterWarmup) / MB;
  const secondHalf = samples.slice(Math.floor(samples.length / 2));
  const mbPer1000 = slope(secondHalf) * 1_000;

  return {
    id: 'memory',
    title: 'memory',
    budget: `RSS grows < ${BUDGET.growthMb} MB over ${(plan.batches * plan.batch).toLocaleString('en')} quotes after a warm-up (until RSS holds within ${plan.settledMb} MB over ${plan.batch.toLocaleString('en')} quotes)`,
    result: `${round(growthMb, 1)} MB (${round(afterWarmup / MB, 1)} → ${round(afterQuotes / MB, 1)} MB) over ${quotes.toLocaleString('en')} quotes after ${warmupQuotes.toLocaleString('en')} to warm up; ${round(mbPer1000, 1)} MB per 1,000 over the second half`,
    passed: growthMb < BUDGET.growthMb,
    plan,
    figures: {
      warmupQuotes,
      rssAfterWarmupMb: round(afterWarmup / MB, 1),
      rssAfterQuotesMb: round(afterQuotes / MB, 1),
      growthMb: round(growthMb, 1),
      mbPer1000QuotesSecondHalf: round(mbPer1000, 2),
      quotes,
      rssMbByQuotes: samples.map(([x, y]) => [x, round(y, 1)]),
    },
  };
}
