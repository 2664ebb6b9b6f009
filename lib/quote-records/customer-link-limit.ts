import 'server-only';
import { clientAddressOf } from '@/lib/http/client-address';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Opening a customer's link is public, so it is counted per client address (every instance
 * together with REDIS_URL): a customer opens it a few times and a chat fetches its preview once;
 * a guesser walking tokens gets 429 long before a 128-bit token could be found.
 */
export const CUSTOMER_LINK_ALLOWANCE = { attempts: 30, windowSeconds: 60 } as const;
const ADDRESSES_COUNTED = 16_384;

/** Every path of a customer's link: its page and its preview image. */
export const isCustomerLinkPath = (pathname: string) => /^\/c\/[^/]+(?:\/|$)/.test(pathname);

/** Spends one opening for the request's address; the seconds to wait once they are spent. */
export async function customerLinkRefusal(
  request: Request,
): Promise<{ retryAfterSeconds: number } | undefined> {
  // Loaded at the first opening: the store reads the configuration once, when first loaded.
  const { sharedAttemptLimiter } = await import('@/lib/rate-limit/shared-limits');
  const limiter = processSingleton('allowance:customer-link', () =>
    sharedAttemptLimiter('customer-link', {
      ...CUSTOMER_LINK_ALLOWANCE,
      capacity: ADDRESSES_COUNTED,
    }),
  );
  const verdict = await limiter.consume(clientAddressOf(request, env.trustProxy));
  return verdict.allowed ? undefined : { retryAfterSeconds: verdict.retryAfterSeconds };
}
