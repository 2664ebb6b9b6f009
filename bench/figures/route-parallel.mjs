// Figure 9: what a road route costs a quote. The screen asks GET /api/road-route when a pin settles and
// POST /api/quote at "Cotizar", each on its own, neither waiting for the other. One server with
// ROUTER=osrm, pointed at the OSRM stand-in answering every route after 50 ms; stops never asked
// before each time, so the router is really called. Interleaved one by one, in each round:
//
//   alone      the quote by itself (as with ROUTER=none, where the screen asks no route);
//   in flight  a route request sent 10 ms before the quote, still waiting on the router while the
//              quote runs from start to end (the budgeted figure: were the quote to wait for the
//              route, or the route's 50 ms to fall on the quote, it would show here);
//   together   both sent at the same instant (context: the two requests' own work then shares the
//              server's one event loop for a millisecond or two).
//
// Every iteration lasts 100 ms, so the server idles as long between quotes in each variant (an
// idle gap by itself makes the next request slower on a shared machine). The figure is the ratio
// of the quote's p50 latency in flight / alone, per round.
import { runnerImport } from 'vite';
import { ROOT, startApp } from '../lib/app-server.mjs';
import { signIn } from '../lib/http.mjs';
import { median, quantile, round, roundSpread, spread } from '../lib/stats.mjs';
import { APP_TRIP } from '../lib/trip.mjs';

export const BUDGET = { p50Ratio: 1.1 };
export const ROUTER_DELAY_MS = 50;
/** How long before the quote the route request is sent in the budgeted variant. */
const ROUTE_LEAD_MS = 10;
/** Sessions the route requests are spread over: each may ask 60 routes a minute. */
const SESSIONS = 12;
const PACE_MS = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function timedQuote(origin, cookie) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/quote`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(APP_TRIP),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`quote failed: HTTP ${response.status}`);
  return performance.now() - started;
}

let shift = 0;
/** The recorded trip's stops, moved a few metres each time so that no cached route answers. */
function freshRoute(origin, sessions) {
  shift += 1;
  const at = (lat, lng) => `at=${(lat + shift * 0.00003).toFixed(5)},${lng.toFixed(5)}`;
  const { pickup, dropoff } = APP_TRIP;
  return fetch(
    `${origin}/api/road-route?${at(pickup.lat, pickup.lng)}&${at(dropoff.lat, dropoff.lng)}`,
    {
      headers: { cookie: sessions[shift % sessions.length] },
    },
  ).then(async (response) => {
    const answer = await response.json();
    if (response.status !== 200 || answer.route?.source !== 'osrm') {
      throw new Error(
        `route failed: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 120)}`,
      );
    }
    return answer.route;
  });
}

export async function measureRouteParallel({ smoke }) {
  const plan = smoke ? { rounds: 2, perRound: 8 } : { rounds: 8, perRound: 30 };
  const { module: standIn } = await runnerImport(`${ROOT}/test/support/osrm-stand-in.ts`, {
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    resolve: { alias: { '@': ROOT } },
  });
  const osrm = await standIn.startOsrmStandIn();
  osrm.delay(ROUTER_DELAY_MS);
  const server = await startApp({
    label: 'router server',
    env: { ROUTER: 'osrm', OSRM_URL: osrm.url, LOG_LEVEL: 'warn' },
  });
  try {
    const { origin } = server;
    const quoteSession = await signIn(origin);
    const routeSessions = [];
    for (let i = 0; i < SESSIONS; i++) routeSessions.push(await signIn(origin));

    // Warm-up through both paths, and a check that routes really come from OSRM.
    const routeStarted = performance.now();
    await freshRoute(origin, routeSessions);
    const routeMs = performance.now() - routeStarted;
    for (let i = 0; i < (smoke ? 5 : 20); i++) {
      await timedQuote(origin, quoteSession);
      await freshRoute(origin, routeSessions);
    }

    const variants = {
      alone: () => timedQuote(origin, quoteSession),
      inFlight: async () => {
        const route = freshRoute(origin, routeSessions);
        await sleep(ROUTE_LEAD_MS);
        const quoteMs = await timedQuote(origin, quoteSession);
        await route;
        return quoteMs;
      },
      together: async () => {
        const route = freshRoute(origin, routeSessions);
        const quoteMs = await timedQuote(origin, quoteSession);
        await route;
        return quoteMs;
      },
    };
    const names = Object.keys(variants);
    const rounds = [];
    for (let r = 0; r < plan.rounds; r++) {
      const latencies = Object.fromEntries(names.map((name) => [name, []]));
      for (let i = 0; i < plan.perRound; i++) {
        // A B C, B C A, C A B…: a change in the machine's load falls on every variant alike.
        for (let k = 0; k < names.length; k++) {
          const name = names[(r + i + k) % names.length];
          const started = performance.now();
          latencies[name].push(await variants[name]());
          const rest = PACE_MS - (performance.now() - started);
          if (rest > 0) await sleep(rest);
        }
      }
      rounds.push(latencies);
    }
    const p50 = (values) => quantile(values, 0.5);
    const inFlight = spread(rounds.map((r) => p50(r.inFlight) / p50(r.alone)));
    const together = spread(rounds.map((r) => p50(r.together) / p50(r.alone)));
    const routerCalls = osrm.requests.length;
    return {
      id: 'route-parallel',
      title: 'a quote with a road route in flight',
      budget: `p50 of a quote while a route waits on a router answering in ${ROUTER_DELAY_MS} ms ≤ ${BUDGET.p50Ratio}× the quote alone, same run`,
      result:
        `${round(inFlight.median, 2)}× (${round(inFlight.min, 2)}–${round(inFlight.max, 2)}); ` +
        `sent at the same instant ${round(together.median, 2)}× (${round(together.min, 2)}–${round(together.max, 2)}); ` +
        `${routerCalls} router calls`,
      passed: inFlight.median <= BUDGET.p50Ratio,
      plan: {
        ...plan,
        routerDelayMs: ROUTER_DELAY_MS,
        routeLeadMs: ROUTE_LEAD_MS,
        paceMs: PACE_MS,
      },
      figures: {
        p50RatioInFlight: roundSpread(inFlight),
        p50RatioTogether: roundSpread(together),
        routerCalls,
      },
      absolute: {
        note: 'medians over the rounds; for context only, never asserted',
        quoteAlone: { p50Ms: round(median(rounds.map((r) => p50(r.alone)))) },
        quoteWithRouteInFlight: { p50Ms: round(median(rounds.map((r) => p50(r.inFlight)))) },
        quoteSentWithRoute: { p50Ms: round(median(rounds.map((r) => p50(r.together)))) },
        firstRouteMs: round(routeMs),
      },
    };
  } finally {
    await server.stop();
    await osrm.close();
  }
}
