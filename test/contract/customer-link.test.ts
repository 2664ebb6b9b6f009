import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/connect';
import type { JournalledQuoteRecordStore } from '@/lib/quote-records/journalled-store';
import type { NewQuoteRecord } from '@/lib/quote-records/record';
import { CUSTOMER_LINK_ALLOWANCE } from '@/lib/quote-records/customer-link-limit';
import { buildForProduction, startInstance, type AppInstance } from '../support/app-instances';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';
import { recordStoreOn } from '../support/record-store';
import { RECORDED_QUOTE, RECORDED_STOPS } from '../fixtures/recorded-quote-record';
import { fromLoopback, newLoopbackAddress } from './app-fixtures';

/**
 * The customer's link (/c/{token}) over real HTTP: a production instance (`npm start`, since the
 * page is a Server Component) keeping its records on a PostgreSQL server of the test's own. The
 * records are stored through the same store POST /api/quote uses, with issue and expiry instants
 * the test chooses: that is the clock here (a quote that expired 3 hours ago, say), so the
 * instance runs on its own real time and CUSTOMER_LINK_TTL is 2 hours.
 */

const SESSION_SECRET = 'customer-link-tests-session-secret-0123456789';
const DISPATCHER = { email: 'ana.dispatch@acme.mx', courierClientId: 4417 };
const HOUR = 3_600_000;

const QUOTE = RECORDED_QUOTE;

let postgres: PostgresServer;
let database: Database;
let store: JournalledQuoteRecordStore;
let app: AppInstance;

/** A record stored as POST /api/quote stores it, expiring `expiresInMs` from now (negative: ago). */
async function quoteExpiringIn(expiresInMs: number, extra: Partial<NewQuoteRecord> = {}) {
  const expiresAt = new Date(Date.now() + expiresInMs);
  const saved = await store.save({
    dispatcherEmail: DISPATCHER.email,
    courierClientId: DISPATCHER.courierClientId,
    language: 'es-MX',
    stops: RECORDED_STOPS,
    quote: QUOTE,
    issuedAt: new Date(expiresAt.getTime() - 15 * 60_000),
    expiresAt,
    ...extra,
  });
  // In the table (the app reads it from there), as another instance sees it just after a quote.
  await store.stored();
  return saved;
}

/** A phone with no cookie at all, from an address of its own (the links are counted per address). */
async function open(path: string, from = newLoopbackAddress()) {
  const response = await fetch(`${app.origin}${path}`, {
    redirect: 'manual',
    dispatcher: fromLoopback(from),
  } as RequestInit);
  const html = await response.text();
  return { response, html, main: mainOf(html) };
}

/** The page as drawn (its <main>), apart from its metadata and the router's copy of it. */
const mainOf = (html: string) => /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';

const fetchFromNewAddress = (url: string) =>
  fetch(url, { dispatcher: fromLoopback(newLoopbackAddress()) } as RequestInit);

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  buildForProduction();
  postgres = await startPostgresServer();
  const url = await postgres.createDatabase();
  database = openDatabase({ kind: 'server', url });
  await database.ready();
  store = recordStoreOn(database, SESSION_SECRET);
  app = await startInstance({
    DATABASE_URL: url,
    SESSION_SECRET,
    CUSTOMER_LINK_TTL: '2h',
    LOG_LEVEL: 'warn',
  });
}, 600_000);

afterAll(async () => {
  await app?.close();
  store?.close();
  await database?.close();
  await postgres?.close();
});

describe("the customer's link", () => {
  it('opens without any cookie and shows the stops, the total, the ETA, the vehicle and until when it holds', async () => {
    const saved = await quoteExpiringIn(10 * 60_000);
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
    const saved = await quoteExpiringIn(10 * 60_000);
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
    const saved = await quoteExpiringIn(10 * 60_000);
    const { response, html } = await open(saved.customerUrl);
    expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(metaContent(html, 'robots')).toMatch(/noindex/);
  });

  it('gives a chat its preview: "Cotización DQ-… · $35.00 · 28 min" and a PNG picture', async () => {
    const saved = await quoteExpiringIn(10 * 60_000);
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
    const saved = await quoteExpiringIn(10 * 60_000, { language: 'en' });
    const { html, main } = await open(saved.customerUrl);
    expect(main).toMatch(/Valid until \d{1,2}:\d{2}/);
    expect(main).toContain('Bicycle');
    expect(html).toMatch(/<html lang="en"/);
    expect(metaContent(html, 'og:title')).toBe(`Quote ${saved.reference} · $35.00 · 28 min`);
  });

  it('once the quote expired it still opens, saying "Vencida"', async () => {
    const saved = await quoteExpiringIn(-1 * HOUR);
    const { response, main } = await open(saved.customerUrl);
    expect(response.status).toBe(200);
    expect(main).toContain('Vencida');
    expect(main).not.toMatch(/Válida hasta/);
  });

  it('is gone (a friendly 404) once CUSTOMER_LINK_TTL passed after the expiry', async () => {
    const saved = await quoteExpiringIn(-3 * HOUR);
    const { response, main } = await open(saved.customerUrl);
    expect(response.status).toBe(404);
    expect(main).toContain('Este enlace ya no está disponible');
    expect(main).not.toContain('Varsovia');
  });

  it('is gone (404) once the dispatcher revoked it, though the quote still holds, its picture too', async () => {
    const saved = await quoteExpiringIn(10 * 60_000);
    const before = await open(saved.customerUrl);
    expect(before.response.status).toBe(200);
    const picture = metaContent(before.html, 'og:image')!.replace(/&amp;/g, '&');
    expect((await fetchFromNewAddress(picture)).status).toBe(200);

    expect(await store.revokeLink(saved.reference, DISPATCHER)).toBe(true);
    const { response, main } = await open(saved.customerUrl);
    expect(response.status).toBe(404);
    expect(main).toContain('Este enlace ya no está disponible');
    expect(main).not.toContain('Varsovia');
    expect((await fetchFromNewAddress(picture)).status).toBe(404);
  });

  it('an unknown or malformed token gets the same friendly 404, and no reference opens a page', async () => {
    const saved = await quoteExpiringIn(10 * 60_000);
    for (const path of ['/c/AAAAAAAAAAAAAAAAAAAAAA', '/c/not-a-token', `/c/${saved.reference}`]) {
      const { response, main } = await open(path);
      expect(response.status, path).toBe(404);
      expect(main, path).toContain('Este enlace ya no está disponible');
    }
  });

  it('is counted per client address: beyond the allowance, 429 with the wait, other phones unaffected', async () => {
    const saved = await quoteExpiringIn(10 * 60_000);
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
