import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Quote } from '@/lib/api/quote';
import { csvStream, type CsvWords } from './export-csv';
import type { QuoteRecord } from './record';

const WORDS: CsvWords = {
  header: {
    reference: 'Referencia',
    created: 'Creada',
    dispatcher: 'Despachador',
    customer: 'Cliente',
    pickup: 'Recolección',
    dropoffs: 'Entregas',
    km: 'km',
    minutes: 'Minutos',
    total: 'Total (MXN)',
    vehicle: 'Vehículo',
    validUntil: 'Válida hasta',
    link: 'Enlace',
  },
  bike: 'Bicicleta',
  motorbike: 'Motocicleta',
};

const QUOTE = { total: 158.5, distanceKm: 7.44, etaMinutes: 28, isBike: false } as Quote;

const stop = (letter: string, street: string) => ({
  letter,
  street,
  exteriorNumber: '36',
  neighborhood: 'Juárez, "centro"',
  zipCode: '06600',
  lat: 19.42,
  lng: -99.16,
});

/** `count` records, and how many of them the stream has asked for so far. */
function records(count: number) {
  const read = { count: 0 };
  async function* rows(): AsyncGenerator<QuoteRecord> {
    for (let i = 0; i < count; i += 1) {
      read.count += 1;
      yield {
        reference: `DQ-${String(i).padStart(6, '0')}`,
        dispatcherEmail: 'ana@acme.mx',
        language: 'es-MX',
        stops: [stop('A', 'Varsovia'), stop('B', 'Sonora'), stop('C', 'Durango')],
        ...(i === 0 ? { customer: 'Florería Lupita, "la de Sonora"' } : {}),
        quote: QUOTE,
        issuedAt: new Date('2026-11-20T18:00:00Z'),
        expiresAt: new Date('2026-11-20T18:15:00Z'),
        createdAt: new Date('2026-11-20T18:00:00Z'),
        ...(i % 2 ? { linkRevokedAt: new Date() } : {}),
        customerUrl: '/c/AAAAAAAAAAAAAAAAAAAAAA',
      };
    }
  }
  return { rows: rows(), read };
}

const options = { words: WORDS, timeZone: 'America/Mexico_City', origin: 'https://dq.example' };

describe('the quotes CSV', () => {
  it('reads records only as fast as the client takes the file: never the whole period at once', async () => {
    const { rows, read } = records(10_000);
    const reader = csvStream(rows, options).getReader();
    await reader.read(); // the header
    await reader.read(); // the first rows
    // Give a read-ahead every chance to run: it must stop at one chunk waiting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read.count).toBeGreaterThan(0);
    expect(read.count).toBeLessThanOrEqual(400);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(read.count).toBeLessThanOrEqual(400);
  });

  it('is UTF-8 with a BOM, its header in the words given, and reads back to the same figures', async () => {
    const { rows } = records(450);
    const bytes = new Uint8Array(await new Response(csvStream(rows, options)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const parsed: Array<Record<string, string>> = parse(text, { bom: true, columns: true });
    expect(parsed).toHaveLength(450);
    expect(parsed[0]).toEqual({
      Referencia: 'DQ-000000',
      // 18:00 UTC is noon in Mexico City.
      Creada: '2026-11-20 12:00',
      Despachador: 'ana@acme.mx',
      Cliente: 'Florería Lupita, "la de Sonora"',
      Recolección: 'Varsovia 36, Juárez, "centro", 06600',
      Entregas: 'Sonora 36, Juárez, "centro", 06600 | Durango 36, Juárez, "centro", 06600',
      km: '7.4',
      Minutos: '28',
      'Total (MXN)': '158.50',
      Vehículo: 'Motocicleta',
      'Válida hasta': '2026-11-20 12:15',
      Enlace: 'https://dq.example/c/AAAAAAAAAAAAAAAAAAAAAA',
    });
    // A revoked link is not handed out again; a quote without a customer has an empty cell.
    expect(parsed[1]!.Enlace).toBe('');
    expect(parsed[1]!.Cliente).toBe('');
    expect(text.split('\r\n')).toHaveLength(452);
  });

  it('writes a customer text a spreadsheet would run as a formula as text', async () => {
    async function* rows(): AsyncGenerator<QuoteRecord> {
      for (const customer of ['+52 55 1234 5678', '=HYPERLINK("https://x.example")', '@Lupita']) {
        const { rows: one } = records(1);
        for await (const record of one) yield { ...record, customer };
      }
    }
    const text = await new Response(csvStream(rows(), options)).text();
    const parsed: Array<Record<string, string>> = parse(text, { bom: true, columns: true });
    expect(parsed.map((row) => row.Cliente)).toEqual([
      "'+52 55 1234 5678",
      '\'=HYPERLINK("https://x.example")',
      "'@Lupita",
    ]);
    // Nothing else of a record starts like a formula: its figures stay numbers.
    expect(parsed[0]!['Total (MXN)']).toBe('158.50');
  });
});
