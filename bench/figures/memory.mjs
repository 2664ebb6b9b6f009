// Figure 6: does the server hold on to memory per quote? RSS of the `next start` process after a
// warm-up, then after 10,000 more quotes through POST /api/quote (each one also a courier call).
import { courierToken, load, quoteRequests, signIn } from '../lib/http.mjs';
import { round, sleep } from '../lib/stats.mjs';

export const BUDGET = { growthMb: 50 };
const MB = 1024 * 1024;

/** RSS once the process has had a moment to settle (timers, sockets closing, a GC or two). */
async function settledRss(server) {
  await sleep(1_500);
  return server.rssBytes();
}

export async function measureMemory(server, { smoke }) {
  const plan = smoke ? { warmup: 300, quotes: 1_000 } : { warmup: 2_000, quotes: 10_000 };
  const cookie = await signIn(server.origin);
  const token = await courierToken(server.origin);
  const { app } = quoteRequests(server.origin, { cookie, token });

  await load(app, { connections: 10, amount: plan.warmup });
  const afterWarmup = await settledRss(server);
  const run = await load(app, { connections: 10, amount: plan.quotes });
  const afterQuotes = await settledRss(server);
  const growthMb = (afterQuotes - afterWarmup) / MB;

  return {
    id: 'memory',
    title: 'memory',
    budget: `RSS grows < ${BUDGET.growthMb} MB over ${plan.quotes.toLocaleString('en')} quotes`,
    result: `${round(growthMb, 1)} MB (${round(afterWarmup / MB, 1)} → ${round(afterQuotes / MB, 1)} MB) over ${run.requests.toLocaleString('en')} quotes`,
    passed: growthMb < BUDGET.growthMb,
    plan,
    figures: {
      rssAfterWarmupMb: round(afterWarmup / MB, 1),
      rssAfterQuotesMb: round(afterQuotes / MB, 1),
      growthMb: round(growthMb, 1),
      quotes: run.requests,
    },
  };
}
