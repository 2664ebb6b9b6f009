// Figure 8: a signed-in dispatcher's quotes while failed sign-ins arrive at full speed. A server
// behind one trusted proxy (TRUST_PROXY=1), so that the flood can come from a new address for
// every attempt — the worst case: no per-address or per-account limit stops it, and every
// attempt reaches the built-in courier, whose password checks (scrypt) are what a flood costs.
// One dispatcher quotes the recorded trip back to back (c=1) through quiet, flood, quiet phases,
// alternating; the figure is the quotes' p50 during the floods over their p50 in the quiet
// phases around them, all in one run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { load, quoteRequests, signIn } from '../lib/http.mjs';
import { median, quantile, round, roundSpread, spread } from '../lib/stats.mjs';

export const BUDGET = { p50Ratio: 3 };
const FLOOD_CLIENT = join(import.meta.dirname, '..', 'lib', 'flood-client.mjs');

/** Failed sign-ins at full speed from a process of its own (bench/lib/flood-client.mjs). */
function flood(origin, { connections, seconds }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [FLOOD_CLIENT, origin, String(connections), String(seconds)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the flood client exited with ${code}`));
      else resolve(JSON.parse(output.trim().split('\n').at(-1)));
    });
  });
}

/** Quotes of one session, one after another, for `seconds`: every latency in ms. */
async function quotesFor(request, seconds) {
  const run = await load(request, { connections: 1, seconds });
  return run.latencies;
}

export async function measureSignInFlood(server, { smoke }) {
  const plan = smoke
    ? { rounds: 1, quietSeconds: 2, floodSeconds: 3, connections: 64 }
    : { rounds: 1, quietSeconds: 10, floodSeconds: 30, connections: 64 };
  const cookie = await signIn(server.origin);
  const { app } = quoteRequests(server.origin, { cookie, token: '' });
  await load(app, { connections: 1, seconds: smoke ? 1 : 3 });

  const quiet = [];
  const flooded = [];
  const floods = [];
  const cpu = { quiet: [], flood: [] };
  for (let round = 0; round < plan.rounds; round++) {
    let before = server.cpuMs();
    quiet.push(...(await quotesFor(app, plan.quietSeconds)));
    cpu.quiet.push((server.cpuMs() - before) / plan.quietSeconds / 10);
    before = server.cpuMs();
    const attack = flood(server.origin, {
      connections: plan.connections,
      seconds: plan.floodSeconds,
    });
    flooded.push(...(await quotesFor(app, plan.floodSeconds)));
    floods.push(await attack);
    cpu.flood.push((server.cpuMs() - before) / plan.floodSeconds / 10);
  }
  quiet.push(...(await quotesFor(app, plan.quietSeconds)));

  const quietP50 = quantile(quiet, 0.5);
  const floodP50 = quantile(flooded, 0.5);
  const ratio = floodP50 / quietP50;
  const attempts = floods.reduce((sum, f) => sum + f.attempts, 0);
  const statuses = {};
  for (const f of floods) {
    for (const [status, count] of Object.entries(f.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  const passed = ratio < BUDGET.p50Ratio;
  return {
    id: 'sign-in-flood',
    title: 'quotes during a sign-in flood',
    budget: `quote p50 during ${plan.floodSeconds} s of failed sign-ins < ${BUDGET.p50Ratio}× its quiet p50`,
    result: `${round(ratio, 2)}× (p50 ${round(floodP50, 1)} ms vs ${round(quietP50, 1)} ms quiet; p99 ${round(quantile(flooded, 0.99), 1)} vs ${round(quantile(quiet, 0.99), 1)} ms); flood ${round(attempts / (plan.rounds * plan.floodSeconds), 0)} attempts/s, answers ${JSON.stringify(statuses)}`,
    passed,
    plan,
    figures: {
      p50Ratio: round(ratio, 3),
      quietP50Ms: round(quietP50),
      floodP50Ms: round(floodP50),
      quietP99Ms: round(quantile(quiet, 0.99)),
      floodP99Ms: round(quantile(flooded, 0.99)),
      quotes: { quiet: quiet.length, flood: flooded.length },
      floodAttemptsPerSecond: roundSpread(spread(floods.map((f) => f.perSecond)), 1),
      floodAnswers: statuses,
      floodErrors: floods.reduce((sum, f) => sum + f.errors + f.timeouts, 0),
      floodConnections: plan.connections,
      serverCpuPercent: {
        quiet: round(median(cpu.quiet), 0),
        flood: round(median(cpu.flood), 0),
      },
    },
  };
}
