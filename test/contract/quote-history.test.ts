import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteListAnswerSchema, quoteRecordDetailSchema } from '@/lib/api/quote-records';
import { resetProcessSingletons } from '@/lib/process-singleton';
import type { QuotePoint } from '@/lib/quote/schema';
import type { AppServer } from '../support/app-server';
import type { LegacyCourier } from '../support/legacy-courier';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';
import {
  Browser,
  closeAppAndCourier,
  errorEnvelope,
  RECORDED_TRIP,
  startAppBehindLegacyCourier,
} from './app-fixtures';

/**
 * The team's history and its export over real HTTP (GET /api/quotes, /api/quotes/{reference},
 * DELETE …/link, GET /api/quotes/export), with two courier clients of two dispatchers each: Ana
 * and Beto work for one client, Carla and Darío for another. On both engines: the embedded
 * PostgreSQL under DATA_DIR, and a PostgreSQL server the test starts.
 */

const PASSWORD = 'team-password-1';
const ANA = 'ana@acme.mx';
const BETO = 'beto@acme.mx';
const CARLA = 'carla@otro.mx';
const DARIO = 'dario@otro.mx';
const ACME = 7001;
const OTRO = 7002;

const point = (street: string, neighborhood: string, lat: number, lng: number): QuotePoint => ({
  street,
  exteriorNumber: '12',
  neighborhood,
  zipCode: '06700',
  lat,
  lng,
});

/** Each dispatcher's trip: Darío's starts on Ana's street, so a search must keep teams apart. */
const TRIPS = {
  [ANA]: { pickup: RECORDED_TRIP.pickup, dropoffs: [RECORDED_TRIP.dropoff] },
  [BETO]: {
    pickup: point('Álvaro Obregón', 'Roma Norte', 19.4189, -99.1608),
    dropoffs: [point('Durango', 'Roma Norte', 19.4205, -99.1651)],
  },
  [CARLA]: {
    pickup: point('Presidente Masaryk', 'Polanco', 19.4315, -99.1939),
    dropoffs: [point('Séneca', 'Polanco', 19.4302, -99.2001)],
  },
  [DARIO]: {
    pickup: point('Varsovia', 'Juárez', 19.4246, -99.1675),
    dropoffs: [point('Havre', 'Juárez', 19.4238, -99.1632)],
  },
};

/**
 * "Cliente (opcional)" on the first quote of Beto and of Darío: the same first name in both teams,
 * so that a search by it must keep them apart too.
 */
const CUSTOMERS: Partial<Record<string, string>> = {
  [BETO]: 'Florería Doña Lupita 55 1234-5678',
  [DARIO]: 'Lupita Pérez',
};

const engines = [
  { name: 'the embedded PostgreSQL (PGlite)', kind: 'embedded' as const },
  { name: 'a PostgreSQL server', kind: 'server' as const },
];

describe.each(engines)('the quote history on $name', ({ kind }) => {
  let legacy: LegacyCourier;
  let app: AppServer;
  let postgres: PostgresServer | undefined;
  const browsers = new Map<string, Browser>();
  /** Each dispatcher's references, oldest first. */
  const made = new Map<string, string[]>();
  const as = (email: string) => browsers.get(email)!;
  const list = async (email: string, query: Record<string, string>) => {
    const answer = await as(email).request('GET', `/api/quotes?${new URLSearchParams(query)}`);
    expect(answer.status, answer.text).toBe(200);
    return quoteListAnswerSchema.parse(answer.json);
  };
  const references = (page: { records: Array<{ reference: string }> }) =>
    page.records.map((record) => record.reference);

  /** A quote over HTTP (with its customer text, if any), and the reference of its record. */
  async function quoteAndKeep(email: string, customer?: string): Promise<string> {
    const trip = TRIPS[email as keyof typeof TRIPS];
    const answer = await as(email).quote(customer ? { ...trip, customer } : trip);
    expect(answer.status, answer.text).toBe(200);
    // The customer text is the app's: the courier never hears it.
    if (customer) expect(JSON.stringify(legacy.lastQuotation!.body)).not.toContain('Lupita');
    expect(answer.json.record.reference).toMatch(/^DQ-[A-Z0-9]{6}$/);
    return answer.json.record.reference as string;
  }

  beforeAll(async () => {
    vi.resetModules();
    resetProcessSingletons();
    postgres = kind === 'server' ? await startPostgresServer() : undefined;
    const emails = [ANA, BETO, CARLA, DARIO];
    ({ legacy, app } = await startAppBehindLegacyCourier(
      postgres ? { DATABASE_URL: await postgres.createDatabase() } : { DATABASE_URL: undefined },
    ));
    legacy.configure({
      accounts: Object.fromEntries(emails.map((email) => [email, PASSWORD])),
      idClients: { [ANA]: ACME, [BETO]: ACME, [CARLA]: OTRO, [DARIO]: OTRO },
    });
    for (const [index, email] of emails.entries()) {
      const browser = new Browser(app.origin, { 'x-forwarded-for': `198.18.27.${index + 1}` });
      expect((await browser.signIn({ email, password: PASSWORD })).status).toBe(200);
      browsers.set(email, browser);
      made.set(email, []);
    }
    // Interleaved, two each: Ana, Beto, Carla, Darío, Ana, …
    for (let round = 0; round < 2; round += 1) {
      for (const email of emails) {
        made
          .get(email)!
          .push(await quoteAndKeep(email, round === 0 ? CUSTOMERS[email] : undefined));
      }
    }
  }, 120_000);

  afterAll(async () => {
    await closeAppAndCourier({ app, legacy });
    await postgres?.close();
  });

  it('lists my quotes, or my team’s, newest first, and never another courier client’s', async () => {
    const [ana1, ana2] = made.get(ANA)!;
    const [beto1, beto2] = made.get(BETO)!;
    expect(references(await list(ANA, { scope: 'mine' }))).toEqual([ana2, ana1]);
    const team = await list(ANA, { scope: 'team' });
    expect(references(team)).toEqual([beto2, ana2, beto1, ana1]);
    expect(team.records[0]).toMatchObject({
      dispatcherEmail: BETO,
      stops: [
        expect.objectContaining({ letter: 'A', street: 'Álvaro Obregón' }),
        expect.objectContaining({ letter: 'B', street: 'Durango' }),
      ],
      quote: expect.objectContaining({ currency: 'MXN', total: expect.any(Number) }),
      customerUrl: expect.stringMatching(/^\/c\/[\w-]{22}$/),
    });
    expect(references(await list(DARIO, { scope: 'team' }))).toEqual([
      ...made.get(DARIO)!.slice(1),
      made.get(CARLA)![1],
      made.get(DARIO)![0],
      made.get(CARLA)![0],
    ]);

    // One by one, a page at a time, none missed.
    const first = await list(ANA, { scope: 'team', limit: '3' });
    expect(references(first)).toEqual([beto2, ana2, beto1]);
    const second = await list(ANA, { scope: 'team', limit: '3', cursor: first.nextCursor! });
    expect(references(second)).toEqual([ana1]);
    expect(second.nextCursor).toBeUndefined();

    // Another client's record is not found, by reference or by link.
    const carlas = made.get(CARLA)![0]!;
    const stranger = await as(ANA).request('GET', `/api/quotes/${carlas}`);
    expect(stranger.status).toBe(404);
    expect(stranger.json).toEqual(errorEnvelope('not_found'));
    expect((await as(BETO).request('DELETE', `/api/quotes/${carlas}/link`)).status).toBe(404);
    const own = await as(BETO).request('GET', `/api/quotes/${ana1!.toLowerCase()}`);
    expect(quoteRecordDetailSchema.parse(own.json).record.reference).toBe(ana1);
  });

  it('search finds a quote by its reference, its street or colonia and its customer text, in the team only', async () => {
    const [beto1] = made.get(BETO)!;
    const search = async (text: string) =>
      references(await list(ANA, { scope: 'team', search: text }));
    expect(await search(beto1!)).toEqual([beto1]);
    expect(await search(beto1!.slice(3).toLowerCase())).toEqual([beto1]);
    expect(await search('alvaro obregon')).toEqual([...made.get(BETO)!].reverse());
    // Darío (the other client) quoted from Varsovia too: Ana's team sees Ana's only.
    expect(await search('Varsovia')).toEqual([...made.get(ANA)!].reverse());
    expect(await search('Hipódromo')).toEqual([...made.get(ANA)!].reverse());
    expect(await search('Masaryk')).toEqual([]);
    expect(await search(made.get(CARLA)![0]!)).toEqual([]);
    // By the customer text, a word of it or the phone's digits; Darío's Lupita is another team's.
    expect(await search('lupita')).toEqual([beto1]);
    expect(await search('Dona lupita')).toEqual([beto1]);
    expect(await search('5512345678')).toEqual([beto1]);
    expect(await search('lupita perez')).toEqual([]);
    const found = quoteRecordDetailSchema.parse(
      (await as(ANA).request('GET', `/api/quotes/${beto1}`)).json,
    ).record;
    expect(found.customer).toBe(CUSTOMERS[BETO]);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Mexico_City' }).format();
    expect(references(await list(ANA, { scope: 'mine', day: today }))).toHaveLength(2);
    expect(references(await list(ANA, { scope: 'mine', day: '2020-01-01' }))).toEqual([]);

    const refused = await as(ANA).request('GET', '/api/quotes?day=26/11/2026&cursor=nada');
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('invalid_request');
    expect((await as(ANA).request('GET', '/api/quotes?cursor=bm9wZQ')).status).toBe(400);
    // A NUL in the search is bad input, not a database failure.
    const nul = await as(ANA).request('GET', '/api/quotes?search=Sonora%00');
    expect(nul.status).toBe(400);
    expect(nul.json.error.code).toBe('invalid_request');
  });

  it('the CSV export parses back to the same figures, the team’s only, with a BOM for Excel', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Mexico_City' }).format();
    const answer = await as(BETO).request(
      'GET',
      `/api/quotes/export?format=csv&scope=team&from=${today}&to=${today}`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    // fetch's text() drops a BOM: the bytes say what Excel gets.
    const bytes = new Uint8Array(
      await (
        await fetch(`${app.origin}/api/quotes/export?from=${today}`, {
          headers: { cookie: as(BETO).cookie!, 'x-forwarded-for': '198.18.27.2' },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toMatch(
      /^\uFEFFReferencia,Creada,Despachador,/,
    );
    const rows: Array<Record<string, string>> = parse(answer.text, { bom: true, columns: true });
    const team = await list(BETO, { scope: 'team' });
    expect(rows.filter((row) => row.Cliente).map((row) => row.Cliente)).toEqual([CUSTOMERS[BETO]]);
    expect(rows.map((row) => row.Referencia)).toEqual(references(team).reverse());
    for (const record of team.records) {
      const row = rows.find((one) => one.Referencia === record.reference)!;
      // As a spreadsheet reads money: two decimals, a point (es-MX), the same amount.
      expect(row['Total (MXN)']).toMatch(/^\d+\.\d{2}$/);
      expect(Number(row['Total (MXN)'])).toBe(record.quote.total);
      expect(Number(row.km)).toBeCloseTo(record.quote.distanceKm, 1);
      expect(Number(row.Minutos)).toBe(Math.round(record.quote.etaMinutes));
      expect(row.Despachador).toBe(record.dispatcherEmail);
      expect(row.Cliente).toBe(record.customer ?? '');
      expect(row['Recolección']).toContain(record.stops[0]!.street);
      expect(row.Entregas).toContain(record.stops[1]!.street);
      expect(row.Creada).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}$`));
      expect(row['Vehículo']).toMatch(/^(Bicicleta|Motocicleta)$/);
      expect(row.Enlace).toBe(`${app.origin}${record.customerUrl}`);
    }
    const empty = await as(BETO).request('GET', '/api/quotes/export?from=2020-01-01&to=2020-01-31');
    expect(parse(empty.text, { bom: true })).toHaveLength(1);
    expect((await as(BETO).request('GET', '/api/quotes/export?format=xlsx')).status).toBe(400);
  });

  it('revoking a link answers 204, again 204, and the record shows it revoked', async () => {
    const reference = made.get(ANA)![0]!;
    const before = await as(BETO).request('GET', `/api/quotes/${reference}`);
    expect(before.json.record.customerUrl).toMatch(/^\/c\//);
    expect(before.json.record.linkRevokedAt).toBeUndefined();

    const revoked = await as(BETO).request('DELETE', `/api/quotes/${reference}/link`);
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    const after = quoteRecordDetailSchema.parse(
      (await as(ANA).request('GET', `/api/quotes/${reference}`)).json,
    ).record;
    expect(Date.now() - Date.parse(after.linkRevokedAt!)).toBeLessThan(60_000);
    expect(after.customerUrl).toBeUndefined();
    expect((await as(ANA).request('DELETE', `/api/quotes/${reference}/link`)).status).toBe(204);
    expect((await as(ANA).request('DELETE', '/api/quotes/DQ-222222/link')).status).toBe(404);
  });

  it.runIf(kind === 'server')(
    'with the database stopped the history answers 503 records_unavailable, and again once it is back',
    async () => {
      await postgres!.stop();
      try {
        const down = await as(ANA).request('GET', '/api/quotes');
        expect(down.status).toBe(503);
        expect(down.json).toEqual(errorEnvelope('records_unavailable'));
        const csv = await as(ANA).request('GET', '/api/quotes/export');
        expect(csv.status).toBe(503);
      } finally {
        await postgres!.start();
      }
      await expect
        .poll(async () => (await as(ANA).request('GET', '/api/quotes')).status, {
          timeout: 15_000,
        })
        .toBe(200);
    },
    60_000,
  );
});
