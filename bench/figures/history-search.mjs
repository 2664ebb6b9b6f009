// Figure 17: the history's search on 2,000,000 records (issue 27), on a PostgreSQL server seeded
// by the bench (bench/lib/seed-records.mjs). GET /api/quotes?search=…&scope=… through the app,
// signed in as the bench's dispatcher (dispatcher 0 of team 1001): by reference and by street
// text, mine (≈ 20,000 records) and my team's (≈ 200,000), one request at a time, p95 of each.
// The plans PostgreSQL chose (EXPLAIN ANALYZE of the same queries) go with the figure.
import os from 'node:os';
import pg from 'pg';
import { signIn } from '../lib/http.mjs';
import { importAppModule } from '../lib/app-module.mjs';
import { quantile, round } from '../lib/stats.mjs';
import { BENCH_CLIENT_ID } from '../lib/seed-records.mjs';
import { DISPATCHER } from '../lib/trip.mjs';

export const BUDGET = { p95Ms: 50 };

/** Street and colonia text as a dispatcher types it (accents, capitals): common and rarer words. */
const STREET_SEARCHES = [
  'Álvaro Obregón',
  'insurgentes sur',
  'Río Tíber',
  'hipodromo',
  'Roma Norte',
  'medellin',
  'Santa María la Ribera',
  'Doctor Vértiz',
];

/** References of records the viewer may see in `scope`, spread over the 90 days. */
async function referencesFor(client, scope, count) {
  const { rows } = await client.query(
    scope === 'mine'
      ? `select reference from quote_records where dispatcher_email = $1 and id % 211 = 0 limit ${count}`
      : `select reference from quote_records where courier_client_id = $2 and dispatcher_email <> $1
           and id % 211 = 0 limit ${count}`,
    scope === 'mine' ? [DISPATCHER.email] : [DISPATCHER.email, BENCH_CLIENT_ID],
  );
  return rows.map((row) => row.reference);
}

/**
 * The store's first list query (lib/quote-records/postgres-store.ts `list`), for EXPLAIN ANALYZE;
 * a text search with less than a page among the newest 2,000 then searches the whole scope.
 */
function listQuery(scope, search, searchWords) {
  const reference = /^DQ-[0-9A-Z]{6}$/.test(search) ? search : undefined;
  const words = searchWords(search);
  const like = words.map((word) => `search_text like '%${word}%'`).join(' and ');
  const text = reference ? `(reference = '${reference}' or (${like}))` : `(${like})`;
  const who =
    scope === 'mine'
      ? `dispatcher_email = '${DISPATCHER.email}'`
      : `courier_client_id = ${BENCH_CLIENT_ID}`;
  const order = 'order by created_at desc, id desc';
  // A text search reads the scope's newest records first, through the scope's index, and stops
  // at a page (SEARCH_WINDOW and newestMatching in the store).
  return reference
    ? `select * from quote_records where ${who} and ${text} ${order} limit 26`
    : `select * from (select * from quote_records where ${who} ${order} limit 2000) recent where ${text} ${order} limit 26`;
}

async function planOf(client, sql) {
  const { rows } = await client.query(`explain (analyze, buffers off, costs off) ${sql}`);
  const lines = rows.map((row) => row['QUERY PLAN']);
  return { executionMs: Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1))?.[1]), plan: lines };
}

export async function measureHistorySearch(server, { databaseUrl, seeded, smoke }) {
  const plan = smoke ? { warmup: 2, requests: 10 } : { warmup: 10, requests: 100 };
  const { searchWords } = await importAppModule('lib/quote-records/search-text.ts');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cookie = await signIn(server.origin);
    const headers = { cookie, origin: server.origin };
    const cases = {
      'reference, mine': { scope: 'mine', terms: await referencesFor(client, 'mine', 40) },
      'reference, team': { scope: 'team', terms: await referencesFor(client, 'team', 40) },
      'street, mine': { scope: 'mine', terms: STREET_SEARCHES },
      'street, team': { scope: 'team', terms: STREET_SEARCHES },
    };
    // Beside them, the same endpoint without a search (the newest page): what any request to it
    // costs on this machine now. Each round asks every case once, so load drifts alike for all.
    const baselines = {
      'newest page, mine': { scope: 'mine', terms: [''] },
      'newest page, team': { scope: 'team', terms: [''] },
    };
    const latencies = Object.fromEntries(
      Object.keys({ ...cases, ...baselines }).map((name) => [name, []]),
    );
    const found = Object.fromEntries(Object.keys(latencies).map((name) => [name, 0]));
    for (let i = 0; i < plan.warmup + plan.requests; i++) {
      for (const [name, { scope, terms }] of Object.entries({ ...cases, ...baselines })) {
        const search = terms[i % terms.length];
        const url = `${server.origin}/api/quotes?${new URLSearchParams({ search, scope })}`;
        const started = performance.now();
        const response = await fetch(url, { headers });
        const answer = await response.json();
        const ms = performance.now() - started;
        if (response.status !== 200) {
          throw new Error(`${name} "${search}": HTTP ${response.status} ${JSON.stringify(answer)}`);
        }
        const hit = name.startsWith('reference')
          ? answer.records[0]?.reference === search
          : answer.records.length > 0;
        if (!hit) throw new Error(`${name} "${search}" found nothing it should have`);
        if (i >= plan.warmup) {
          latencies[name].push(ms);
          found[name] += answer.records.length;
        }
      }
    }
    const figures = Object.fromEntries(
      Object.entries(latencies).map(([name, list]) => [
        name,
        {
          p50Ms: round(quantile(list, 0.5), 1),
          p95Ms: round(quantile(list, 0.95), 1),
          maxMs: round(Math.max(...list), 1),
          requests: list.length,
          recordsPerAnswer: round(found[name] / list.length, 1),
        },
      ]),
    );
    const plans = {};
    for (const [name, { scope, terms }] of Object.entries(cases)) {
      plans[name] = await planOf(client, listQuery(scope, terms[0], searchWords));
    }
    const worst = Math.max(...Object.keys(cases).map((name) => figures[name].p95Ms));
    const floor = Math.max(...Object.keys(baselines).map((name) => figures[name].p95Ms));
    return {
      id: 'history-search',
      title: 'history search on 2,000,000 records (PostgreSQL)',
      budget: `p95 ≤ ${BUDGET.p95Ms} ms by reference and by street text, mine and team`,
      result:
        Object.keys(cases)
          .map((name) => `${name} p95 ${figures[name].p95Ms} ms`)
          .join('; ') +
        `; beside them the newest page without a search p95 ${floor} ms; in the database (EXPLAIN ANALYZE) ` +
        Object.entries(plans)
          .map(([name, { executionMs }]) => `${name} ${executionMs} ms`)
          .join(', '),
      passed: worst <= BUDGET.p95Ms,
      plan: { ...plan, seeded },
      figures: { ...figures, loadAverage: os.loadavg().map((value) => round(value, 2)) },
      diagnostics: Object.fromEntries(
        Object.entries(plans).map(([name, { executionMs, plan: lines }]) => [
          name,
          {
            executionMs,
            plan: lines.filter((line) => !/^\s*(Planning|Execution) Time/.test(line)),
          },
        ]),
      ),
    };
  } finally {
    await client.end();
  }
}
