import type { Resolver } from 'react-hook-form';
import type { QuoteRequest } from '@/lib/quote/schema';
import type { QuoteDraftValues } from './quote-draft';

type QuoteResolver = Resolver<QuoteDraftValues, unknown, QuoteRequest>;

let loading: Promise<QuoteResolver> | null = null;

/**
 * The shared zod schema (lib/quote/schema.ts) and its react-hook-form resolver, fetched at the
 * dispatcher's first touch instead of with the page: the screen draws and starts without them, and
 * they are in by the time two pins are placed. The rules are exactly the server's, written once.
 */
export function loadQuoteResolver(): Promise<QuoteResolver> {
  loading ??= Promise.all([import('@hookform/resolvers/zod'), import('@/lib/quote/schema')])
    .then(
      ([{ zodResolver }, { quoteRequestSchema }]) =>
        // zod types lat/lng as numbers; the draft has none until a pin is placed.
        zodResolver(quoteRequestSchema) as unknown as QuoteResolver,
    )
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export const lazyQuoteResolver: QuoteResolver = async (values, context, options) =>
  (await loadQuoteResolver())(values, context, options);
