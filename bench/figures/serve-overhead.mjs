// Figure 9: what scripts/serve.mjs costs per request. `npm start` serves Next's own request handler
// from a server of ours that writes the connection's address into each request; this compares it
// with plain `next start` of the same build, both running at once, alternating A B A B on
// GET /api/health (one route, no courier call: the server's own cost is most of the time).
import { load } from '../lib/http.mjs';
import { median, quantile, round, roundSpread, spread } from '../lib/stats.mjs';

/** The per-request cost is the budget; the throughput ratio at c=10 is context (noisy on shared cores). */
export const BUDGET = { addedP50MsC1: 0.2 };

export async function measureServeOverhead({ serve, nextStart }, { smoke }) {
  const plan = smoke
    ? { rounds: 2, seconds: 1, warmupSeconds: 1 }
    : { rounds: 8, seconds: 3, warmupSeconds: 3 };
  const health = (server) => ({ url: `${server.origin}/api/health`, method: 'GET' });
  for (const server of [nextStart, serve]) {
    await load(health(server), { connections: 10, seconds: plan.warmupSeconds });
  }
  const rounds = [];
  for (let round = 0; round < plan.rounds; round++) {
    const c10 = {};
    const c1 = {};
    for (const [name, server] of [
      ['nextStart', nextStart],
      ['serve', serve],
    ]) {
      c10[name] = await load(health(server), { connections: 10, seconds: plan.seconds });
      c1[name] = await load(health(server), { connections: 1, seconds: plan.seconds });
    }
    rounds.push({ c10, c1 });
  }
  const ratioC10 = spread(rounds.map((r) => r.c10.serve.rps / r.c10.nextStart.rps));
  const addedP50C1 = spread(
    rounds.map(
      (r) => quantile(r.c1.serve.latencies, 0.5) - quantile(r.c1.nextStart.latencies, 0.5),
    ),
  );
  const passed = addedP50C1.median <= BUDGET.addedP50MsC1;
  return {
    id: 'serve-overhead',
    title: 'what scripts/serve.mjs adds to a request',
    budget: `added p50 ≤ ${BUDGET.addedP50MsC1} ms at c=1 (throughput at c=10 as context)`,
    result: `ratio ${round(ratioC10.median, 2)} (${round(ratioC10.min, 2)}–${round(ratioC10.max, 2)}) at c=10; ${addedP50C1.median >= 0 ? '+' : ''}${round(addedP50C1.median, 3)} ms (${round(addedP50C1.min, 3)}–${round(addedP50C1.max, 3)}) p50 at c=1`,
    passed,
    plan,
    figures: {
      throughputRatioC10: roundSpread(ratioC10),
      addedP50MsC1: roundSpread(addedP50C1),
      rps: {
        nextStart: round(median(rounds.map((r) => r.c10.nextStart.rps)), 1),
        serve: round(median(rounds.map((r) => r.c10.serve.rps)), 1),
      },
    },
  };
}
