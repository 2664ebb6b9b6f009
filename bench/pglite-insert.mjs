// `node bench/pglite-insert.mjs [--rounds=3] [--count=400]`: what the embedded database's insert of
// a quote record costs alone, outside the app (issue 27; not a bench figure: the figure is
// records-overhead.mjs, the quote with and without its record). A migrated PGlite in a temp
// directory takes the one-row insert the app's store ran on each quote's path until records went
// through a journal (lib/quote-records/journalled-store.ts; the SQL text Drizzle wrote for
// postgres-store.ts `preparedInsert` then, a quote's real values, a new reference and
// token each time: a repeated token would conflict, insert nothing and read as a third of the
// cost), two ways, turn about: bound to a statement parsed once (as lib/db/pglite-worker.mjs does)
// and through PGlite's own `query` (parsed at every call). Back to back, and 3 ms apart, as at c=1
// in the app, where the database's caches have gone cold between two quotes. Prints p50s in ms.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from '../lib/db/pglite-options.mjs';
import { quantile } from './lib/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const rounds = option('rounds', 3);
const count = option('count', 400);

const MIGRATIONS = join(import.meta.dirname, '..', 'lib', 'db', 'migrations');
const INSERT = `insert into "quote_records" ("id", "reference", "customer_token_hash", "customer_token_sealed", "dispatcher_email", "courier_client_id", "language", "stops", "customer", "quote", "total", "distance_km", "eta_minutes", "search_text", "issued_at", "expires_at", "created_at", "link_revoked_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, default, default) on conflict do nothing returning "id"`;

const STOPS = [
  ['A', 'Varsovia', '36', 'Juárez', '06600', 19.4245207, -99.1626553],
  ['B', 'Sonora', '180', 'Hipódromo', '06100', 19.4132718, -99.1719417],
].map(([letter, street, exteriorNumber, neighborhood, zipCode, lat, lng]) => ({
  ...{ letter, street, exteriorNumber, neighborhood, zipCode, lat, lng },
}));
const QUOTE = {
  total: 35,
  price: 35,
  discount: 0,
  extraCharge: 0,
  packageValue: 0,
  messengerFee: 28,
  operatorCost: 7,
  distanceKm: 1.58,
  etaMinutes: 28,
  vehicle: 'bicycle',
  zone: 'CDMX Centro',
  legs: [{ from: 'A', to: 'B', distanceKm: 1.58, etaMinutes: 28, price: 35 }],
  issuedAt: '2026-11-27T00:03:15.316Z',
  expiresAt: '2026-11-27T00:18:15.316Z',
};

let made = 0;
/** A record's values as the store binds them, with a reference and a token never used before. */
function values() {
  made += 1;
  const reference = `DQ-${made.toString(36).toUpperCase().padStart(6, '0')}`;
  return [
    reference,
    randomBytes(32),
    randomBytes(50).toString('base64url'),
    'dispatcher@example.com',
    1001,
    'es-MX',
    JSON.stringify(STOPS),
    null,
    JSON.stringify(QUOTE),
    '35',
    1.58,
    28,
    `${reference.toLowerCase().replace('-', ' ')} varsovia 36 juarez sonora 180 hipodromo`,
    QUOTE.issuedAt,
    QUOTE.expiresAt,
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'pglite-insert-'));
try {
  const db = new PGlite(dir, PGLITE_OPTIONS);
  await db.waitReady;
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    for (const statement of readFileSync(join(MIGRATIONS, file), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      await db.exec(statement);
    }
  }

  const { serialize } = protocol;
  const exchange = async (...parts) => {
    const { messages } = await db.execProtocol(Buffer.concat(parts), { throwOnError: false });
    const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
    if (error) throw error;
    return messages;
  };
  const described = await exchange(
    serialize.parse({ name: 'insert', text: INSERT, types: [] }),
    serialize.describe({ type: 'S', name: 'insert' }),
    serialize.sync(),
  );
  const types = parse.parseDescribeStatementResults(described);
  const inserted = (rows) => {
    if (rows.length !== 1) throw new Error('the record was not inserted');
  };
  const ways = {
    kept: async () => {
      const bound = values().map((value, i) =>
        value === null ? null : (db.serializers[types[i]]?.(value) ?? value.toString()),
      );
      const messages = await exchange(
        serialize.bind({ statement: 'insert', values: bound }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      );
      inserted(parse.parseResults(messages, db.parsers)[0].rows);
    },
    query: async () => inserted((await db.query(INSERT, values())).rows),
  };

  console.log(`PGlite, ${count} inserts a line, p50 in ms (kept statement / query)`);
  for (let round = 1; round <= rounds; round++) {
    for (const gapMs of [0, 3]) {
      const p50 = {};
      for (const [name, insert] of Object.entries(ways)) {
        const times = [];
        for (let i = 0; i < count; i++) {
          if (gapMs) await sleep(gapMs);
          const started = performance.now();
          await insert();
          times.push(performance.now() - started);
        }
        p50[name] = quantile(times, 0.5).toFixed(3);
      }
      const spacing = gapMs ? `${gapMs} ms apart` : 'back to back';
      console.log(`round ${round}, ${spacing}: ${p50.kept} / ${p50.query}`);
    }
  }
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
