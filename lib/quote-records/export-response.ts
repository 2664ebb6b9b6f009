import 'server-only';
import type { output } from 'zod';
import type { quoteExportQuerySchema } from '@/lib/api/quote-records';
import { env } from '@/lib/env';
import { appOrigin } from '@/lib/http/api-handler';
import { localeOfRequest } from '@/lib/i18n/locale-choice';
import { loadMessages } from '@/lib/i18n/load-messages';
import { csvStream } from './export-csv';
import { fromRecords, periodOf, viewerOf } from './history';
import { quoteRecordStore } from './index';
import type { QuoteRecord } from './record';

/**
 * GET /api/quotes/export's answer: the CSV of the viewer's (or their team's) records of the
 * period, oldest first. The first page is read before answering, so an unreachable database is a
 * 503 and not a file cut short at its first line.
 */
export async function quoteRecordsCsv(
  request: Request,
  session: { email: string; courierClientId?: number },
  query: output<typeof quoteExportQuerySchema>,
): Promise<Response> {
  const timeZone = env.courier.timeZone;
  const rows = quoteRecordStore()
    .exportRows({ viewer: viewerOf(session), scope: query.scope, ...periodOf(query, timeZone) })
    [Symbol.asyncIterator]();
  const first = await fromRecords(() => rows.next());
  const messages = await loadMessages(localeOfRequest(request.headers));
  const body = csvStream(rest(first, rows), {
    words: {
      ...messages.history.csv,
      bike: messages.recent.bike,
      motorbike: messages.recent.motorbike,
    },
    timeZone,
    origin: appOrigin(request),
  });
  const name = `cotizaciones-${query.from ?? 'inicio'}-${query.to ?? 'hoy'}.csv`;
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    },
  });
}

async function* rest(
  first: IteratorResult<QuoteRecord>,
  rows: AsyncIterator<QuoteRecord>,
): AsyncGenerator<QuoteRecord> {
  try {
    for (let next = first; !next.done; next = await rows.next()) yield next.value;
  } finally {
    await rows.return?.();
  }
}
