import { quoteRecordContract } from '@/lib/api/quote-records';
import { respond } from '@/lib/http/by-contract';
import { quoteRecordStore } from '@/lib/quote-records';
import { fromRecords, recordNotFound, recordView, viewerOf } from '@/lib/quote-records/history';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ reference: string }> };

/** One quote of the dispatcher or their team; 404 for any other (another team's included). */
export const GET = (request: Request, { params }: Params) =>
  sessionHandler(async (_request, session) => {
    const { reference } = await params;
    const record = await fromRecords(() =>
      quoteRecordStore().byReference(reference, viewerOf(session)),
    );
    if (!record) throw recordNotFound();
    return respond(
      quoteRecordContract,
      { record: recordView(record) },
      { headers: { 'cache-control': 'no-store' } },
    );
  })(request);
