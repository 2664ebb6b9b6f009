import { quoteListContract } from '@/lib/api/quote-records';
import { readQuery, respond } from '@/lib/http/by-contract';
import { quoteRecordStore } from '@/lib/quote-records';
import { fromRecords, recordView, viewerOf } from '@/lib/quote-records/history';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/** The dispatcher's quotes, or their team's, newest first, found by reference or street. */
export const GET = sessionHandler(async (request, session) => {
  const query = readQuery(request, quoteListContract);
  const page = await fromRecords(() =>
    quoteRecordStore().list({ viewer: viewerOf(session), ...query }),
  );
  return respond(
    quoteListContract,
    {
      records: page.records.map(recordView),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    },
    { headers: { 'cache-control': 'no-store' } },
  );
});
