import 'server-only';
import { loadMessages } from '@/lib/i18n/load-messages';
import { localeOfRequest } from '@/lib/i18n/locale-choice';

/** The page of a customer's link, `/c/{token}` (not its preview image). */
const PAGE_PATH = /^\/c\/([^/]+)\/?$/;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * The friendly 404 of a link that no longer opens (unknown, revoked, or past CUSTOMER_LINK_TTL),
 * answered by the proxy as whole HTML: Next renders a page's notFound() on a dynamic route only
 * through its script, and this page must read on a phone that runs none. Undefined when the
 * link opens (the page draws it) or the path is not a link's page.
 */
export async function customerLinkGoneAnswer(
  request: Request,
  headers: Record<string, string>,
): Promise<Response | undefined> {
  const token = PAGE_PATH.exec(new URL(request.url).pathname)?.[1];
  if (token === undefined) return undefined;
  const { customerLinkOf } = await import('./customer-link');
  if ((await customerLinkOf(decodeURIComponent(token))).kind === 'shown') return undefined;
  const locale = localeOfRequest(request.headers);
  const { customerLink: words } = await loadMessages(locale);
  const html =
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow">` +
    `<title>${escapeHtml(words.goneTitle)}</title>` +
    `<style>body{margin:0;font:17px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a}` +
    `main{max-width:30rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.35rem}</style></head>` +
    `<body><main data-customer-link="gone"><h1>${escapeHtml(words.goneTitle)}</h1>` +
    `<p>${escapeHtml(words.goneText)}</p></main></body></html>`;
  return new Response(html, {
    status: 404,
    headers: {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    },
  });
}
