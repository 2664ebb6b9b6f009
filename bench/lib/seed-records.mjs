// Millions of quote records on a PostgreSQL server (or the embedded database, PGlite, of an
// instance that is not running), seeded in SQL (generate_series, one statement
// per million rows), shaped as the app's store writes them (lib/quote-records/postgres-store.ts):
// unique references of the app's alphabet, a 128-bit link token per record (its SHA-256 kept),
// the stops and quote as jsonb, search_text as searchTextOf builds it (checked on a sample against
// the app's own function), created_at spread over the last 90 days, oldest first by id.
//
// Who: 100 dispatchers, in teams of 10 (courier client 1001 + n / 10); the bench's dispatcher
// (dispatcher@example.com, the demo account, client 1001) is dispatcher 0. With `dispatchers: 10`
// every record is the bench's team's (the export's figure alone: 110,000 records in seconds). The sealed tokens come
// from a pool of 1,000 sealed as the app seals them (AES-GCM cannot run in SQL), so every seeded
// record's history row shows a link, though not one that opens its own /c/ page.
import pg from 'pg';
import gazetteer from '../../data/gazetteer.json' with { type: 'json' };
import { importAppModule } from './app-module.mjs';
import { DISPATCHER } from './trip.mjs';

export const DISPATCHERS = 100;
export const TEAM_SIZE = 10;
export const DAYS = 90;
export const BENCH_CLIENT_ID = 1001;
const SEALED_POOL = 1_000;
const PLACES = 4_000;
/** 30⁶ codes; a multiplier prime to it maps the row numbers onto distinct codes, well scattered. */
const CODES = 30 ** 6;
const SCATTER = 387_420_499;

/** Streets of Mexico City that dispatchers type (accents as written). */
export const STREETS = [
  'Varsovia',
  'Sonora',
  'Álvaro Obregón',
  'Durango',
  'Insurgentes Sur',
  'Paseo de la Reforma',
  'Ámsterdam',
  'Tamaulipas',
  'Mazatlán',
  'Nuevo León',
  'Michoacán',
  'Colima',
  'Orizaba',
  'Medellín',
  'Monterrey',
  'Tonalá',
  'Jalapa',
  'Puebla',
  'Chihuahua',
  'Zacatecas',
  'Querétaro',
  'Córdoba',
  'Génova',
  'Hamburgo',
  'Londres',
  'Liverpool',
  'Marsella',
  'Napoles',
  'Dinamarca',
  'Río Lerma',
  'Río Tíber',
  'Río Pánuco',
  'Eje Central Lázaro Cárdenas',
  'Bucareli',
  'Balderas',
  'Avenida Cuauhtémoc',
  'Doctor Vértiz',
  'Xola',
  'Universidad',
  'División del Norte',
  'Patriotismo',
  'Revolución',
  'Benjamín Franklin',
  'Baja California',
  'Viaducto Miguel Alemán',
  'Félix Cuevas',
  'Miguel Ángel de Quevedo',
  'Avenida Coyoacán',
  'Emiliano Zapata',
  'Ejército Nacional',
  'Homero',
  'Horacio',
  'Presidente Masaryk',
  'Campos Elíseos',
  'Mariano Escobedo',
  'Tacuba',
  '5 de Mayo',
  'Madero',
  'Regina',
  'Mesones',
];

/**
 * A client of the database to seed: a PostgreSQL server's URL, or `{ embeddedDir }`, the embedded
 * database of an instance that is not running (its DATA_DIR/pglite, migrated by a first start),
 * opened as the app opens it (lib/db/pglite-options.mjs). The same SQL runs on both.
 */
async function connect(target) {
  if (typeof target === 'string') {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    return client;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLITE_OPTIONS } = await import('../../lib/db/pglite-options.mjs');
  const db = await PGlite.create(target.embeddedDir, PGLITE_OPTIONS);
  return { query: (sql, params) => db.query(sql, params), end: () => db.close() };
}

/** `count` records of `dispatchers` dispatchers into `target` (connect); `log` hears the progress. */
export async function seedRecords(
  target,
  { count, dispatchers = DISPATCHERS, sessionSecret, quoteTemplate, log },
) {
  const [{ searchTextOf }, { ValueSealer }, { REFERENCE_ALPHABET }] = await Promise.all([
    importAppModule('lib/quote-records/search-text.ts'),
    importAppModule('lib/redis/sealed-value.ts'),
    importAppModule('lib/quote-records/reference.ts'),
  ]);
  if (REFERENCE_ALPHABET.length ** 6 !== CODES) throw new Error('references are no longer 6 of 30');
  const sealer = new ValueSealer(sessionSecret, 'customer-link');
  const places = Array.from({ length: PLACES }, (_, i) => {
    const [neighborhood, zipCode, lat, lng] = gazetteer.places[(i * 7) % gazetteer.places.length];
    const stop = {
      street: STREETS[i % STREETS.length],
      exteriorNumber: String(1 + ((i * 131) % 499)),
      neighborhood,
      zipCode,
      lat: lat + ((i % 17) - 8) * 0.0004,
      lng: lng + ((i % 13) - 6) * 0.0004,
    };
    return { stop, folded: searchTextOf('', [stop]) };
  });
  const sealed = Array.from({ length: SEALED_POOL }, () =>
    sealer.seal(Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')),
  );

  const client = await connect(target);
  try {
    // Into an empty table: an app's quote made before would be a reference the seed may draw.
    await client.query('truncate quote_records');
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(
      `create temp table bench_places (i int primary key, stop jsonb, folded text)`,
    );
    await client.query(
      `insert into bench_places select i - 1, stop, folded
         from unnest($1::jsonb[], $2::text[]) with ordinality as p(stop, folded, i)`,
      [places.map((p) => JSON.stringify(p.stop)), places.map((p) => p.folded)],
    );
    // Indexes are built once after the rows rather than row by row (minutes, not hours); the
    // unique constraints stay, so uniqueness is checked as the rows go in.
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'quote_records'
         and indexname not in (select conname from pg_constraint)`,
    );
    for (const { indexname } of indexes) await client.query(`drop index ${indexname}`);
    const step = 500_000;
    const started = Date.now();
    for (let from = 1; from <= count; from += step) {
      const to = Math.min(count, from + step - 1);
      await client.query(INSERT(REFERENCE_ALPHABET), [
        from,
        to,
        count,
        DAYS,
        dispatchers,
        TEAM_SIZE,
        BENCH_CLIENT_ID,
        DISPATCHER.email,
        sealed,
        JSON.stringify(quoteTemplate),
        PLACES,
      ]);
      log?.(
        `seeded ${to.toLocaleString('en')} of ${count.toLocaleString('en')} records (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    for (const { indexname, indexdef } of indexes) {
      const at = Date.now();
      await client.query(indexdef);
      log?.(`index ${indexname} built (${Math.round((Date.now() - at) / 1000)} s)`);
    }
    await client.query('analyze quote_records');
    const { rows: sample } = await client.query(
      `select reference, stops, search_text from quote_records tablesample system (0.1) limit 200`,
    );
    const wrong = sample.filter(
      (row) => searchTextOf(row.reference, row.stops) !== row.search_text,
    );
    if (sample.length === 0 || wrong.length > 0) {
      throw new Error(
        `seeded search_text differs from searchTextOf on ${wrong.length} of ${sample.length} rows: ${JSON.stringify(wrong[0])}`,
      );
    }
    const { rows: size } = await client.query(
      `select count(*)::int as rows, pg_total_relation_size('quote_records') as bytes from quote_records`,
    );
    return {
      rows: size[0].rows,
      bytes: Number(size[0].bytes),
      seconds: (Date.now() - started) / 1000,
      /** Records a day of the bench's team (client 1001): what an export over some days reads. */
      teamRecordsPerDay: (count * Math.min(TEAM_SIZE, dispatchers)) / dispatchers / DAYS,
    };
  } finally {
    await client.end();
  }
}

// $1..$2 the row numbers, $3 of how many, $4 days, $5 dispatchers, $6 team size, $7 first client
// id, $8 dispatcher 0's e-mail, $9 sealed tokens, $10 the quote as the app answered it, $11 places.
const INSERT = (ALPHABET) => `
with rows as (
  select g as n,
    (g * ${SCATTER}::bigint) % ${CODES} as code,
    (g - 1) % $5 as d,
    now() - make_interval(days => $4) + make_interval(secs => $4 * 86400.0 * (g - 0.5) / $3) as at,
    1 + abs(hashint4(g + 1000000000) % 220) / 10.0 as km,
    translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') as token
  from generate_series($1::int, $2::int) as g
), coded as (
  select r.*, 'DQ-' ||
    substr('${ALPHABET}', (code / 24300000 % 30)::int + 1, 1) ||
    substr('${ALPHABET}', (code / 810000 % 30)::int + 1, 1) ||
    substr('${ALPHABET}', (code / 27000 % 30)::int + 1, 1) ||
    substr('${ALPHABET}', (code / 900 % 30)::int + 1, 1) ||
    substr('${ALPHABET}', (code / 30 % 30)::int + 1, 1) ||
    substr('${ALPHABET}', (code % 30)::int + 1, 1) as reference,
    a.stop || '{"letter":"A"}' as a_stop, a.folded as a_text,
    b.stop || '{"letter":"B"}' as b_stop, b.folded as b_text,
    round((35 + km * 9.5)::numeric, 2) as total, round(km * 2.6 + 6) as minutes
  from rows r
  join bench_places a on a.i = abs(hashint4(r.n) % $11)
  join bench_places b on b.i = abs(hashint4(-r.n) % $11)
)
insert into quote_records (reference, customer_token_hash, customer_token_sealed,
  dispatcher_email, courier_client_id, language, stops, quote, total, distance_km, eta_minutes,
  search_text, issued_at, expires_at, created_at)
select reference,
  sha256(convert_to(substr(token, 1, 22), 'UTF8')),
  ($9::text[])[1 + n % array_length($9::text[], 1)],
  case when d = 0 then $8 else 'dispatcher-' || lpad(d::text, 2, '0') || '@example.com' end,
  $7 + d / $6,
  case when n % 10 = 0 then 'en' else 'es-MX' end,
  jsonb_build_array(a_stop, b_stop),
  ($10::jsonb - 'legs') || jsonb_build_object('total', total, 'price', total, 'distanceKm', km,
    'etaMinutes', minutes, 'issuedAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'expiresAt', to_char((at + interval '15 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  total, km, minutes,
  lower(replace(reference, '-', ' ')) || ' ' || a_text || ' ' || b_text,
  at, at + interval '15 minutes', at
from coded`;
