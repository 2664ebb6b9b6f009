// Not server-only: a parser of the Cookie header, nothing more.

/**
 * Every value a Cookie header gives `name`, in order. Pages and route handlers both read cookies
 * through this one parser, so they can never disagree about which cookie counts.
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/** The value of one cookie of the request, if it carries it (the first, if several). */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieValues(request.headers.get('cookie'), name)[0] || undefined;
}
