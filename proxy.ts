import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { createNonce, securityHeaders, servedOverHttps } from '@/lib/security/headers';

/**
 * Runs before every request (Next 16's proxy, on the Node.js runtime): gives each request a fresh
 * CSP nonce — Next reads it from the request's Content-Security-Policy header and puts it on the
 * scripts it renders — and sets the security headers (lib/security/headers.ts) on the response,
 * whether a page, a route of /api or /courier, or a static file answers.
 */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const headers = securityHeaders({
    nonce,
    tileUrl: env.publicConfig.tileUrl,
    development: env.nodeEnv === 'development',
    https: servedOverHttps(request, env.appOrigin),
  });
  const csp = headers['content-security-policy']!;

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  // For a server component that renders a <Script> of its own (as Next's CSP guide shows).
  requestHeaders.set('x-nonce', nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Every path: pages, /api, /courier, and the static files too (nosniff matters most for those).
export const config = {
  matcher: '/:path*',
};
