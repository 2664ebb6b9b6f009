import 'server-only';
import { stringify } from 'csv-stringify/sync';
import type { QuoteRecord, RecordedStop } from './record';

/** What the CSV's header and words say, in the dispatcher's language (messages: history.csv). */
export interface CsvWords {
  header: {
    reference: string;
    created: string;
    dispatcher: string;
    customer: string;
    pickup: string;
    dropoffs: string;
    km: string;
    minutes: string;
    total: string;
    vehicle: string;
    validUntil: string;
    link: string;
  };
  bike: string;
  motorbike: string;
}

export interface CsvOptions {
  words: CsvWords;
  /** Times are written as clocks there read them (the courier's zone). */
  timeZone: string;
  /** Links are written whole, from the app's origin. */
  origin: string;
}

/** Excel reads a file as UTF-8 only when it starts with the byte-order mark. */
const BOM = '\uFEFF';
/**
 * A cell a spreadsheet would run as a formula (text typed by a dispatcher starting with "=", "+",
 * "-" or "@": a customer's phone "+52 55 …") is written with a leading apostrophe, as text.
 */
const CSV_FORMAT = { record_delimiter: 'windows', escape_formulas: true } as const;
/** Rows stringified and enqueued at once (a chunk of about 20 KB): a store's page, as short-lived. */
const ROWS_PER_CHUNK = 100;

const COLUMNS = [
  'reference',
  'created',
  'dispatcher',
  'customer',
  'pickup',
  'dropoffs',
  'km',
  'minutes',
  'total',
  'vehicle',
  'validUntil',
  'link',
] as const satisfies ReadonlyArray<keyof CsvWords['header']>;

/**
 * One formatter per time zone, made once: an Intl.DateTimeFormat holds ICU memory outside V8's
 * heap, which the collector does not count, so two made per row grew the process by gigabytes over
 * a 100,000-row export (bench: records-export) instead of keeping it flat.
 */
const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-20 12:05" on the zone's clock: sorts as text and reads in any spreadsheet. */
function localTime(at: Date, timeZone: string): string {
  let format = localTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localTimeFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** "Varsovia 36 int. 2, Juárez, 06600", as a dispatcher writes an address. */
export const stopText = (stop: RecordedStop) =>
  [
    [stop.street, stop.exteriorNumber, stop.interiorNumber && `int. ${stop.interiorNumber}`]
      .filter(Boolean)
      .join(' '),
    stop.neighborhood,
    stop.zipCode,
  ]
    .filter(Boolean)
    .join(', ');

function rowOf(record: QuoteRecord, { words, timeZone, origin }: CsvOptions): string[] {
  const [pickup, ...dropoffs] = record.stops;
  const linked = record.customerUrl && !record.linkRevokedAt;
  return [
    record.reference,
    localTime(record.createdAt, timeZone),
    record.dispatcherEmail,
    record.customer ?? '',
    pickup ? stopText(pickup) : '',
    dropoffs.map(stopText).join(' | '),
    record.quote.distanceKm.toFixed(1),
    String(Math.round(record.quote.etaMinutes)),
    record.quote.total.toFixed(2),
    record.quote.isBike ? words.bike : words.motorbike,
    localTime(record.expiresAt, timeZone),
    linked ? new URL(record.customerUrl!, origin).href : '',
  ];
}

/**
 * The records as a CSV file, UTF-8 with a BOM, its header in the dispatcher's language. A pull
 * stream: the next rows are read from the store only when the client has taken the previous ones,
 * so memory stays flat however many rows and however slow the client.
 */
export function csvStream(
  records: AsyncIterable<QuoteRecord>,
  options: CsvOptions,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = records[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const header = COLUMNS.map((column) => options.words.header[column]);
        controller.enqueue(encoder.encode(BOM + stringify([header], CSV_FORMAT)));
      },
      async pull(controller) {
        const batch: string[][] = [];
        while (batch.length < ROWS_PER_CHUNK) {
          const next = await rows.next();
          if (next.done) break;
          batch.push(rowOf(next.value, options));
        }
        if (batch.length > 0) {
          controller.enqueue(encoder.encode(stringify(batch, CSV_FORMAT)));
        }
        if (batch.length < ROWS_PER_CHUNK) controller.close();
      },
      async cancel() {
        await rows.return?.();
      },
    },
    // One chunk waiting at most: the store is not read ahead of the client.
    { highWaterMark: 1 },
  );
}
