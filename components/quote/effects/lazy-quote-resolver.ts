import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import type { AddressField } from '@/lib/api/geocode';
import type { QuoteRequest } from '@/lib/quote/schema';
import type { QuoteDraftValues } from '../trip/draft';
import { tripStops } from '../trip/trip-stops';

type QuoteResolver = Resolver<QuoteDraftValues, unknown, QuoteRequest>;

let loading: Promise<QuoteResolver> | null = null;

/**
 * The shared zod schema (lib/quote/schema.ts) and its react-hook-form resolver, fetched at the
 * dispatcher's first touch instead of with the page: the screen draws and starts without them, and
 * they are in by the time two pins are placed. The rules are exactly the server's, written once.
 */
export function loadQuoteResolver(): Promise<QuoteResolver> {
  loading ??= import('@/lib/quote/browser-validation')
    .then(
      ({ zodResolver, quoteRequestSchema }) =>
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

/**
 * The shared schema's rules, plus the screen's own: a field left from an earlier position of its
 * pin (address-provenance.ts) is refused until the dispatcher corrects, keeps or clears it. The
 * server cannot know this; it is the screen's truth, so it lives here and not in the schema.
 */
export function quoteResolver(
  earlierNow: () => Readonly<Record<string, readonly AddressField[]>>,
): QuoteResolver {
  return async (values, context, options) => {
    const result = await lazyQuoteResolver(values, context, options);
    // A fresh object on every call: ours to add to (it holds DOM refs, so it is not copied).
    const errors: FieldErrors<QuoteDraftValues> = result.errors;
    const earlier = earlierNow();
    let refused = false;
    for (const stop of tripStops(values)) {
      for (const field of earlier[stop.key] ?? []) {
        const path = `${stop.path}.${field}`;
        if (get(errors, path)) continue;
        set(errors, path, { type: 'earlier', message: EARLIER_POINT_MESSAGE });
        refused = true;
      }
    }
    return refused ? { values: {}, errors } : result;
  };
}

/** A message key of the screen's catalog (messages/*.json), not of the shared schema. */
export const EARLIER_POINT_MESSAGE = 'point.earlierError';
