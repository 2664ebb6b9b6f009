import type { RecordScopeName } from '@/lib/api/quote-records';

// The scopes the API takes, kept here: the browser loads none of the API's schemas.
const SCOPES: readonly RecordScopeName[] = ['team', 'mine'];

/** What the history page shows, read from its URL (anything unreadable is left out). */
export interface HistoryQuery {
  search?: string;
  scope: RecordScopeName;
  day?: string;
  cursor?: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.at(-1) : value)?.trim() || undefined;

export function historyQueryOf(params: SearchParams): HistoryQuery {
  const scope = SCOPES.find((name) => name === one(params.scope)) ?? 'team';
  const search = one(params.search)?.slice(0, 100);
  const day = one(params.day);
  const cursor = one(params.cursor);
  return {
    scope,
    ...(search ? { search } : {}),
    ...(day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? { day } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The page's URL for a query (the next page: the same query with the cursor it was handed). */
export function historyHref(query: HistoryQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.day) params.set('day', query.day);
  params.set('scope', query.scope);
  if (query.cursor) params.set('cursor', query.cursor);
  return `/quotes?${params}`;
}
