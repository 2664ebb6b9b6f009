import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConfig } from '@/lib/db/connect';
import type { NewQuoteRecord, SavedQuoteRecord } from '@/lib/quote-records/record';
import type { JournalledQuoteRecordStore } from '@/lib/quote-records/journalled-store';
import { CUSTOMER_LINK_ALLOWANCE } from '@/lib/quote-records/customer-link-limit';
import { buildForProduction, startInstance, type AppInstance } from '../support/app-instances';
import { signedIn } from '../support/instance-quoting';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';
import { recordStoreOn } from '../support/record-store';
import { RECORDED_QUOTE, RECORDED_STOPS } from '../fixtures/recorded-quote-record';
import { fromLoopback, newLoopbackAddress, RECORDED_TRIP } from './app-fixtures';

/**
 * The customer's link (/c/{token}) over real HTTP, on both engines: a production instance (`npm
 * start`, since the page is a Server Component) keeping its records in the embedded PostgreSQL
 * (PGlite) under its DATA_DIR, or on a PostgreSQL server of the test's own.
 *
 * The clock: records stored as POST /api/quote stores them, with issue and expiry instants the
 * test chooses (a quote that expired 3 hours ago, say), before the instance starts (PGlite's files
 * are one process's at a time); the instance runs on its own real time, with CUSTOMER_LINK_TTL 2
 * hours. A link is revoked as a dispatcher revokes it: a quote of their own, then
 * DELETE /api/quotes/{reference}/link.
 */

const SESSION_SECRET = 'customer-link-tests-session-secret-0123456789';
const DISPATCHER = { email: 'ana.dispatch@acme.mx', courierClientId: 4417 };
const HOUR = 3_600_000;

const QUOTE = RECORDED_QUOTE;

/** A record stored as POST /api/quote stores it, expiring `expiresInMs` from now (negative: ago). */
function quoteExpiringIn(
  store: JournalledQuoteRecordStore,
  expiresInMs: number,
  extra: Partial<NewQuoteRecord> = {},
) {
  const expiresAt = new Date(Date.now() + expiresInMs);
  return store.save({
    dispatcherEmail: DISPATCHER.email,
    courierClientId: DISPATCHER.courierClientId,
    language: 'es-MX',
    stops: RECORDED_STOPS,
    quote: QUOTE,
    issuedAt: new Date(expiresAt.getTime() - 15 * 60_000),
    expiresAt,
    ...extra,
  });
}

/** The page as drawn (its <main>), apart from its metadata and the router's copy of it. */
const mainOf = (html: string) => /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

const engines = [
  { name: 'the embedded PostgreSQL (PGlite) under DATA_DIR', kind: 'embedded' as const },
  { name: 'a PostgreSQL server', kind: 'server' as const },
];

describe.each(engines)("the customer's link, records on $name", ({ kind }) => {
  let postgres: PostgresServer | undefined;
  let app: AppInstance;
  /** Stored before the instance started: valid 10 more minutes (in Spanish, and in English), expired 1 and 3 hours ago. */
  let valid: SavedQuoteRecord;
  let validInEnglish: SavedQuoteRecord;
  let expiredAnHourAgo: SavedQuoteRecord;
  let expiredThreeHoursAgo: SavedQuoteRecord;

  beforeAll(async () => {
    buildForProduction();
    const dataDir = mkdtempSync(join(tmpdir(), 'dq-customer-link-'));
    let config: DatabaseConfig;
    if (kind === 'server') {
      postgres = await startPostgresServer();
      config = { kind, url: await postgres.createDatabase() };
    } else {
      // Where the instance's own configuration puts it (lib/env-schema.ts).
      config = { kind, dir: join(dataDir, 'pglite') };
    }
    const database = openDatabase(config);
    const store = recordStoreOn(database, SESSION_SECRET);
    try {
      await database.ready();
      valid = await quoteExpiringIn(store, 10 * 60_000);
      validInEnglish = await quoteExpiringIn(store, 10 * 60_000, { language: 'en' });
      expiredAnHourAgo = await quoteExpiringIn(store, -1 * HOUR);
      expiredThreeHoursAgo = await quoteExpiringIn(store, -3 * HOUR);
      // In the table (the instance reads them from there), not only in this store's journal.
      await store.stored();
    } finally {
      store.close();
      await database.close();
    }
    app = await startInstance({
      DATA_DIR: dataDir,
      ...(config.kind === 'server' ? { DATABASE_URL: config.url } : {}),
      SESSION_SECRET,
      CUSTOMER_LINK_TTL: '2h',
      LOG_LEVEL: 'warn',
    });
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await postgres?.close();
  });

  /** A phone with no cookie at all, from an address of its own (the links are counted per address). */
  async function open(path: string, from = newLoopbackAddress()) {
    const response = await fetch(`${app.origin}${path}`, {
      redirect: 'manual',
      dispatcher: fromLoopback(from),
    } as RequestInit);
    const html = await response.text();
    return { response, html, main: mainOf(html) };
  }

  const fetchFromNewAddress = (url: string) =>
    fetch(url, { dispatcher: fromLoopback(newLoopbackAddress()) } as RequestInit);

  it('opens without any cookie and shows the stops, the total, the ETA, the vehicle and until when it holds', async () => {
    const saved = valid;
    const { response, html, main } = await open(saved.customerUrl);
    expect(response.status).toBe(200);
    expect(main).toContain(saved.reference);
    for (const text of [
      'Varsovia 36',
      'Juárez',
      'Sonora 180 int. 1',
      'Hipódromo',
      '$35.00',
      '28 min',
      'Bicicleta',
    ]) {
      expect(main).toContain(text);
    }
    expect(main).toMatch(/Válida hasta \d{1,2}:\d{2}/);
    expect(main).toMatch(/<main[^>]* lang="es-MX"/);
    expect(html).toMatch(/<html lang="es-MX"/);
    // The small map: tiles as plain images, and a pin per stop.
    expect(main).toContain('tile.openstreetmap.org');
    expect(main.match(/data-pin="[AB]"/g)).toHaveLength(2);
  });

  it('says nothing internal: no dispatcher, no courier client, no zone, no fees, no codes', async () => {
    const saved = valid;
    const { html } = await open(saved.customerUrl);
    // Without the page's own address (its absolute preview URLs): the test server's random port
    // may hold a secret's digits (port 44173 holds the client id 4417).
    const page = html.replaceAll(app.origin, '');
    for (const secret of [
      // Postcodes are not for the customer either.
      '06600',
      '06100',
      DISPATCHER.email,
      String(DISPATCHER.courierClientId),
      QUOTE.zone.name,
      QUOTE.packageType.name,
      'messengerFee',
      'operatorCost',
      '21.50',
      '13.50',
    ]) {
      expect(page, secret).not.toContain(secret);
    }
  });

  it('is kept out of search engines (X-Robots-Tag and the robots meta)', async () => {
    const saved = valid;
    const { response, html } = await open(saved.customerUrl);
    expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(metaContent(html, 'robots')).toMatch(/noindex/);
  });

  it('gives a chat its preview: "Cotización DQ-… · $35.00 · 28 min" and a PNG picture', async () => {
    const saved = valid;
    const { html } = await open(saved.customerUrl);
    expect(metaContent(html, 'og:title')).toBe(`Cotización ${saved.reference} · $35.00 · 28 min`);
    expect(metaContent(html, 'og:description')).toContain(
      'Varsovia 36, Juárez → Sonora 180 int. 1, Hipódromo',
    );
    const image = metaContent(html, 'og:image');
    expect(image).toMatch(new RegExp(`^${app.origin}/c/`));
    const picture = await fetchFromNewAddress(image!.replace(/&amp;/g, '&'));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it("speaks the quote's language, whatever the phone's", async () => {
    const saved = validInEnglish;
    const { html, main } = await open(saved.customerUrl);
    expect(main).toMatch(/Valid until \d{1,2}:\d{2}/);
    expect(main).toContain('Bicycle');
    expect(html).toMatch(/<html lang="en"/);
    expect(metaContent(html, 'og:title')).toBe(`Quote ${saved.reference} · $35.00 · 28 min`);
  });

  it('once the quote expired it still opens, saying "Vencida"', async () => {
    const saved = expiredAnHourAgo;
    const { response, main } = await open(saved.customerUrl);
    expect(response.status).toBe(200);
    expect(main).toContain('Vencida');
    expect(main).not.toMatch(/Válida hasta/);
  });

  it('is gone (a friendly 404) once CUSTOMER_LINK_TTL passed after the expiry', async () => {
    const saved = expiredThreeHoursAgo;
    const { response, main } = await open(saved.customerUrl);
    expect(response.status).toBe(404);
    expect(main).toContain('Este enlace ya no está disponible');
    expect(main).not.toContain('Varsovia');
  });

  it('a dispatcher’s quote opens at its link with no sign-in, and is gone (404) once they revoke it, its picture too', async () => {
    const dispatcher = await signedIn(app, newLoopbackAddress());
    const quoted = await dispatcher.request(app, 'POST', '/api/quote', RECORDED_TRIP);
    expect(quoted.status).toBe(200);
    const { reference, customerUrl } = quoted.json.record as {
      reference: string;
      customerUrl: string;
    };
    const total = `$${(quoted.json.quote.total as number).toFixed(2)}`;
    const minutes = `${quoted.json.quote.etaMinutes as number} min`;

    const before = await open(customerUrl);
    expect(before.response.status).toBe(200);
    for (const text of [reference, 'Varsovia 36', 'Sonora 180 int. 1', total, minutes]) {
      expect(before.main).toContain(text);
    }
    const picture = metaContent(before.html, 'og:image')!.replace(/&amp;/g, '&');
    expect((await fetchFromNewAddress(picture)).status).toBe(200);

    const revoked = await dispatcher.request(app, 'DELETE', `/api/quotes/${reference}/link`);
    expect(revoked.status).toBe(204);
    const { response, main } = await open(customerUrl);
    expect(response.status).toBe(404);
    expect(main).toContain('Este enlace ya no está disponible');
    expect(main).not.toContain('Varsovia');
    expect((await fetchFromNewAddress(picture)).status).toBe(404);
    // The quote still holds: the record says so, without a link.
    const record = await dispatcher.request(app, 'GET', `/api/quotes/${reference}`);
    expect(record.status).toBe(200);
    expect(record.json.record.customerUrl).toBeUndefined();
    expect(Date.parse(record.json.record.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('an unknown or malformed token gets the same friendly 404, and no reference opens a page', async () => {
    const saved = valid;
    for (const path of ['/c/AAAAAAAAAAAAAAAAAAAAAA', '/c/not-a-token', `/c/${saved.reference}`]) {
      const { response, main } = await open(path);
      expect(response.status, path).toBe(404);
      expect(main, path).toContain('Este enlace ya no está disponible');
    }
  });

  it('is counted per client address: beyond the allowance, 429 with the wait, other phones unaffected', async () => {
    const saved = valid;
    const guesser = newLoopbackAddress();
    for (let attempt = 0; attempt < CUSTOMER_LINK_ALLOWANCE.attempts; attempt++) {
      expect((await open(`/c/guess${attempt}`, guesser)).response.status).toBe(404);
    }
    const refused = await open(saved.customerUrl, guesser);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.html).toContain('Espera un minuto');
    expect((await open(saved.customerUrl)).response.status).toBe(200);
  });
});
