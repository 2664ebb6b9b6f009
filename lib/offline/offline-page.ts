/**
 * The page the worker answers with when a page cannot be opened without a network (the sign-in
 * page, or the quote screen with no copy kept for the session on this device): it says so in the
 * dispatcher's language and offers to try again. Plain HTML with no script, under a policy that
 * lets nothing load or run.
 */
import { offline as en } from '@/messages/en.json';
import { offline as es } from '@/messages/es-MX.json';
import {
  DATA_CONTENT_SECURITY_POLICY,
  STATIC_SECURITY_HEADERS,
} from '@/lib/security/static-headers';
import { toLocale, type Locale } from '@/lib/i18n/config';

const TEXTS: Record<Locale, typeof es> = { 'es-MX': es, en };

/** The page's own policy: the data policy, plus its inline style. */
export const OFFLINE_PAGE_POLICY = DATA_CONTENT_SECURITY_POLICY.replace(
  "default-src 'none'",
  "default-src 'none'; style-src 'unsafe-inline'",
);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * The locale cookie's value when the worker can read it, else the browser's language: Spanish
 * unless it is English.
 */
export function offlinePageLocale(cookieLocale: string | undefined, browserLanguage: string) {
  if (cookieLocale) return toLocale(cookieLocale);
  return browserLanguage.toLowerCase().startsWith('en') ? 'en' : toLocale(undefined);
}

/** The offline page for a request to `path` (its retry link opens the same page again). */
export function offlinePage(locale: Locale, path: string): { html: string; headers: Headers } {
  const t = TEXTS[locale];
  const retry = path.startsWith('/') && !path.startsWith('//') ? path : '/';
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b3d91">
<title>${escapeHtml(t.pageTitle)}</title>
<style>
body{margin:0;font:1.125rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:32rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 1.25rem;border-radius:.5rem;background:#0b3d91;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style>
</head>
<body>
<main data-offline-page>
<h1>${escapeHtml(t.pageTitle)}</h1>
<p>${escapeHtml(t.pageBody)}</p>
<p><a href="${escapeHtml(retry)}">${escapeHtml(t.pageRetry)}</a></p>
</main>
</body>
</html>
`;
  const headers = new Headers({
    ...STATIC_SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': OFFLINE_PAGE_POLICY,
    'cache-control': 'no-store',
  });
  return { html, headers };
}
