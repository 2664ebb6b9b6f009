import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { loadMessages } from '@/lib/i18n/load-messages';
import { localeOfRequest } from '@/lib/i18n/locale-choice';
import { customerLinkGoneAnswer } from '@/lib/quote-records/customer-link-gone';
import { customerLinkRefusal, isCustomerLinkPath } from '@/lib/quote-records/customer-link-limit';
import { createNonce, pageSecurityHeaders, servedOverHttps } from '@/lib/security/headers';

/**
 * Runs before every page (Next 16's proxy, on the Node.js runtime): gives each request a fresh CSP
 * nonce — Next reads it from the request's Content-Security-Policy header and puts it on the
 * scripts it renders — and sets that policy (and HSTS over https) on the response.
 *
 * Only pages need a nonce. /api, /courier and static files get their headers from next.config.js
 * (lib/security/static-headers.js) with no code run per request: a quote crosses /api and the
 * built-in courier's /courier, and a proxy run on each costs about half a millisecond.
 *
 * A customer's link (/c/{token}, app/(customer)/c) is public: no session is asked for, its openings are
 * counted per client address (429 beyond), one that no longer opens gets its 404 page here, and
 * search engines are told to keep them out.
 */
export async function proxy(request: NextRequest) {
  const customerLink = isCustomerLinkPath(request.nextUrl.pathname);
  const refusal = customerLink ? await customerLinkRefusal(request) : undefined;
  const nonce = createNonce();
  const headers = pageSecurityHeaders({
    nonce,
    tileUrl: env.publicConfig.tileUrl,
    development: env.nodeEnv === 'development',
    https: servedOverHttps(request, env.appOrigin),
  });
  const csp = headers['content-security-policy']!;

  if (refusal) return await tooManyOpenings(request, headers, refusal.retryAfterSeconds);
  const gone = customerLink
    ? await customerLinkGoneAnswer(request, { ...headers, 'x-robots-tag': NOINDEX })
    : undefined;
  if (gone) return gone;

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  // For a server component that renders a <Script> of its own (as Next's CSP guide shows).
  requestHeaders.set('x-nonce', nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  if (customerLink) response.headers.set('x-robots-tag', NOINDEX);
  return response;
}

const NOINDEX = 'noindex, nofollow, noarchive';

/** 429 for a customer's link opened too often from one address, said in the request's language. */
async function tooManyOpenings(
  request: NextRequest,
  headers: Record<string, string>,
  retryAfterSeconds: number,
): Promise<Response> {
  const messages = await loadMessages(localeOfRequest(request.headers));
  return new Response(messages.customerLink.tooMany, {
    status: 429,
    headers: {
      ...headers,
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': String(retryAfterSeconds),
      'cache-control': 'no-store',
      'x-robots-tag': NOINDEX,
    },
  });
}

// Pages only: not /api or /courier (JSON answers), not Next's static chunks or image optimizer,
// and not files of public/ or app/manifest.ts (a name with an extension in the last segment).
export const config = {
  matcher: '/((?!api(?:/|$)|courier(?:/|$)|_next/static/|_next/image|(?:.*/)?[^/]+\\.\\w+$).*)',
};
