import { quoteLinkRevokeContract } from '@/lib/api/quote-records';
import { respond } from '@/lib/http/by-contract';
import { quoteRecordStore } from '@/lib/quote-records';
import { fromRecords, recordNotFound, viewerOf } from '@/lib/quote-records/history';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ reference: string }> };

/** The customer's link of a quote stops working; again 204 when it already had. */
export const DELETE = (request: Request, { params }: Params) =>
  sessionHandler(async (_request, session) => {
    const { reference } = await params;
    const revoked = await fromRecords(() =>
      quoteRecordStore().revokeLink(reference, viewerOf(session)),
    );
    if (!revoked) throw recordNotFound();
    return respond(quoteLinkRevokeContract, undefined);
  })(request);
