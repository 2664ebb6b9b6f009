import { redirect } from 'next/navigation';
import { HistoryScreen, type HistoryScreenProps } from '@/components/history/history-screen';
import { historyQueryOf, type HistoryQuery } from '@/components/history/history-query';
import { quoteRecordStore } from '@/lib/quote-records';
import { fromRecords, recordView } from '@/lib/quote-records/history';
import { currentDispatcher } from '@/lib/session/current-session';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Cotizaciones: the dispatcher's and their team's quotes (the store scopes them to the viewer). */
export default async function QuotesPage({ searchParams }: { searchParams: SearchParams }) {
  const dispatcher = await currentDispatcher();
  if (!dispatcher) redirect('/sign-in');
  const query = historyQueryOf(await searchParams);
  const viewer = {
    email: dispatcher.user.email,
    ...(dispatcher.courierClientId === undefined
      ? {}
      : { courierClientId: dispatcher.courierClientId }),
  };
  return <HistoryScreen query={query} page={await pageOf(viewer, query)} />;
}

async function pageOf(
  viewer: { email: string; courierClientId?: number },
  query: HistoryQuery,
): Promise<HistoryScreenProps['page']> {
  try {
    const page = await fromRecords(() => quoteRecordStore().list({ viewer, ...query }));
    return {
      records: page.records.map(recordView),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      now: new Date().toISOString(),
    };
  } catch (error) {
    return {
      failed:
        (error as { code?: string }).code === 'invalid_request' ? 'invalidQuery' : 'unavailable',
    };
  }
}
