// Figure 1: what the app adds to a quote. POST /api/quote (session cookie, Origin) against a
// direct quotation at the built-in courier of the same recorded trip, in the same server process,
// alternating direct, app, direct, app… at concurrency 10 and 1.
import { courierToken, load, quoteRequests, send, signIn } from '../lib/http.mjs';
import { median, quantile, round, roundSpread, spread } from '../lib/stats.mjs';

export const BUDGET = { throughputRatioC10: 0.45, addedP50MsC1: 2 };

/** Both paths must price the trip the same, or the comparison compares different work. */
async function checkSameQuote(requests) {
  const [app, direct] = [await send(requests.app), await send(requests.direct)];
  if (app.status !== 200 || direct.status !== 200 || direct.json?.code !== 0) {
    throw new Error(`sanity quote failed: app HTTP ${app.status}, direct HTTP ${direct.status}`);
  }
  if (app.json.quote.total !== direct.json.data.total) {
    throw new Error(
      `app and courier disagree: ${app.json.quote.total} vs ${direct.json.data.total}`,
    );
  }
}

export async function measureAppOverhead(server, { smoke }) {
  const plan = smoke
    ? { rounds: 2, c10Seconds: 1, c1Seconds: 1, warmupSeconds: 1 }
    : { rounds: 8, c10Seconds: 3, c1Seconds: 3, warmupSeconds: 3 };
  const cookie = await signIn(server.origin);
  const token = await courierToken(server.origin);
  const requests = quoteRequests(server.origin, { cookie, token });
  await checkSameQuote(requests);

  for (const path of ['direct', 'app']) {
    await load(requests[path], { connections: 10, seconds: plan.warmupSeconds });
  }

  const rounds = [];
  for (let round = 0; round < plan.rounds; round++) {
    const c10 = {};
    for (const path of ['direct', 'app']) {
      const cpuBefore = server.cpuMs();
      c10[path] = await load(requests[path], { connections: 10, seconds: plan.c10Seconds });
      c10[path].cpuMsPerQuote = (server.cpuMs() - cpuBefore) / c10[path].requests;
    }
    const c1 = {};
    for (const path of ['direct', 'app']) {
      c1[path] = await load(requests[path], { connections: 1, seconds: plan.c1Seconds });
    }
    rounds.push({ c10, c1 });
  }

  const p = (run, q) => quantile(run.latencies, q);
  const ratioC10 = spread(rounds.map((r) => r.c10.app.rps / r.c10.direct.rps));
  const ratioC1 = spread(rounds.map((r) => r.c1.app.rps / r.c1.direct.rps));
  const addedP50C1 = spread(rounds.map((r) => p(r.c1.app, 0.5) - p(r.c1.direct, 0.5)));
  const addedP50C10 = spread(rounds.map((r) => p(r.c10.app, 0.5) - p(r.c10.direct, 0.5)));
  // Server CPU per quote: the same ratio seen from the work done, less sensitive to other load.
  const cpuRatio = spread(rounds.map((r) => r.c10.direct.cpuMsPerQuote / r.c10.app.cpuMsPerQuote));
  const absolute = (pick) => ({
    rps: round(median(rounds.map((r) => pick(r).rps)), 1),
    p50Ms: round(median(rounds.map((r) => p(pick(r), 0.5)))),
    p99Ms: round(median(rounds.map((r) => p(pick(r), 0.99)))),
    requests: rounds.reduce((sum, r) => sum + pick(r).requests, 0),
    ...(pick(rounds[0]).cpuMsPerQuote === undefined
      ? {}
      : { serverCpuMsPerQuote: round(median(rounds.map((r) => pick(r).cpuMsPerQuote))) }),
  });

  const passed =
    ratioC10.median >= BUDGET.throughputRatioC10 && addedP50C1.median <= BUDGET.addedP50MsC1;
  return {
    id: 'app-overhead',
    title: 'what the app adds to a quote',
    budget: `throughput app/direct ≥ ${BUDGET.throughputRatioC10} at c=10; added p50 ≤ ${BUDGET.addedP50MsC1} ms at c=1`,
    result: `ratio ${round(ratioC10.median, 2)} (${round(ratioC10.min, 2)}–${round(ratioC10.max, 2)}) at c=10; +${round(addedP50C1.median, 2)} ms (${round(addedP50C1.min, 2)}–${round(addedP50C1.max, 2)}) p50 at c=1`,
    passed,
    plan,
    figures: {
      throughputRatioC10: roundSpread(ratioC10),
      throughputRatioC1: roundSpread(ratioC1),
      addedP50MsC1: roundSpread(addedP50C1),
      addedP50MsC10: roundSpread(addedP50C10),
      serverCpuRatioDirectToApp: Number.isFinite(cpuRatio.median)
        ? roundSpread(cpuRatio)
        : undefined,
    },
    absolute: {
      note: 'medians over the rounds; for context only, never asserted',
      c10: { direct: absolute((r) => r.c10.direct), app: absolute((r) => r.c10.app) },
      c1: { direct: absolute((r) => r.c1.direct), app: absolute((r) => r.c1.app) },
    },
  };
}
