/**
 * Where to go after signing in: only a path of this app ("/", "/?x=1"), never another site
 * ("//evil.example", "https://…") nor the sign-in page itself. It becomes a Location header, so
 * anything but printable ASCII (controls, spaces, DEL, "é" undecoded) sends the dispatcher to "/"
 * rather than make an invalid header.
 */
export function safeNextPath(value: string | string[] | undefined | null): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (/[^\x21-\x7e]/.test(path)) return '/';
  if (path === '/sign-in' || path.startsWith('/sign-in?') || path.startsWith('/api/')) return '/';
  return path;
}
