import { notFound, redirect } from 'next/navigation';
import { RecordDetail } from '@/components/history/record-detail';
import { HistoryUnavailable } from '@/components/history/history-unavailable';
import { quoteRecordStore } from '@/lib/quote-records';
import { fromRecords, recordView, viewerOf } from '@/lib/quote-records/history';
import type { QuoteRecord } from '@/lib/quote-records';
import { currentDispatcher } from '@/lib/session/current-session';

export const dynamic = 'force-dynamic';

/** One quote of the dispatcher or their team; another team's is not found (404). */
export default async function QuoteRecordPage({
  params,
}: {
  params: Promise<{ reference: string }>;
}) {
  const dispatcher = await currentDispatcher();
  if (!dispatcher) redirect('/sign-in');
  const { reference } = await params;
  const viewer = viewerOf({ email: dispatcher.user.email, ...dispatcher });
  let record: QuoteRecord | undefined;
  try {
    record = await fromRecords(() =>
      quoteRecordStore().byReference(decodeURIComponent(reference), viewer),
    );
  } catch {
    return <HistoryUnavailable />;
  }
  if (!record) notFound();
  return (
    <RecordDetail
      record={recordView(record)}
      email={dispatcher.user.email}
      now={new Date().toISOString()}
    />
  );
}
