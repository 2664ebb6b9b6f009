import { quoteExportContract } from '@/lib/api/quote-records';
import { readQuery } from '@/lib/http/by-contract';
import { quoteRecordsCsv } from '@/lib/quote-records/export-response';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/** The quotes of a period as a CSV spreadsheet, streamed a page of records at a time. */
export const GET = sessionHandler(async (request, session) => {
  const query = readQuery(request, quoteExportContract);
  return quoteRecordsCsv(request, session, query);
});
