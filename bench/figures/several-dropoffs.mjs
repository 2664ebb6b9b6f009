// Figure 8: what more stops cost. POST /api/quote of 10 addresses (the pickup and nine drop-offs)
// against the recorded 2-address trip, through the app and the built-in courier of one server,
// alternating 2, 10, 2, 10… at concurrency 1; the ratio of their p50 latencies.
import { load, send, signIn } from '../lib/http.mjs';
import { median, quantile, round, roundSpread, spread } from '../lib/stats.mjs';
import { APP_TRIP, APP_TRIP_10 } from '../lib/trip.mjs';

export const BUDGET = { p50Ratio: 1.5 };

export async function measureSeveralDropoffs(server, { smoke }) {
  const plan = smoke ? { rounds: 2, seconds: 1 } : { rounds: 8, seconds: 3 };
  const cookie = await signIn(server.origin);
  const request = (trip) => ({
    url: `${server.origin}/api/quote`,
    method: 'POST',
    headers: { origin: server.origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(trip),
  });
  const requests = { two: request(APP_TRIP), ten: request(APP_TRIP_10) };
  const ten = await send(requests.ten);
  if (ten.status !== 200 || ten.json?.quote?.legs?.length !== 9) {
    throw new Error(`the 10-address quote failed: HTTP ${ten.status}`);
  }
  for (const name of ['two', 'ten']) await load(requests[name], { connections: 1, seconds: 1 });

  const rounds = [];
  for (let round = 0; round < plan.rounds; round++) {
    const run = {};
    for (const name of ['two', 'ten']) {
      run[name] = await load(requests[name], { connections: 1, seconds: plan.seconds });
    }
    rounds.push(run);
  }
  const p50 = (run) => quantile(run.latencies, 0.5);
  const ratio = spread(rounds.map((r) => p50(r.ten) / p50(r.two)));
  return {
    id: 'several-dropoffs',
    title: 'a 10-address quote against a 2-address one',
    budget: `p50 latency of 10 addresses ≤ ${BUDGET.p50Ratio}× that of 2, same run`,
    result: `${round(ratio.median, 2)}× (${round(ratio.min, 2)}–${round(ratio.max, 2)})`,
    passed: ratio.median <= BUDGET.p50Ratio,
    plan,
    figures: { p50Ratio: roundSpread(ratio) },
    absolute: {
      note: 'medians over the rounds; for context only, never asserted',
      twoAddresses: { p50Ms: round(median(rounds.map((r) => p50(r.two)))) },
      tenAddresses: { p50Ms: round(median(rounds.map((r) => p50(r.ten)))) },
    },
  };
}
