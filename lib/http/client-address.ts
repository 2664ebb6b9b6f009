/**
 * The address a request came from, for per-address limits. The last X-Forwarded-For entry is the
 * one our own reverse proxy appended; earlier entries are whatever the client chose to send.
 * Without a proxy in front the header is the client's own word (see the README's security notes).
 */
export function clientAddress(request: Request): string {
  const lastHop = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  const address = lastHop || request.headers.get('x-real-ip')?.trim() || 'unknown';
  return address.slice(0, 64);
}
