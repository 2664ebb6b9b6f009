/**
 * Where to go after signing in: only a path of this app ("/", "/?x=1"), never another site
 * ("//evil.example", "https://…") nor the sign-in page itself.
 */
export function safeNextPath(value: string | string[] | undefined | null): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f]/.test(path)) return '/';
  if (path === '/sign-in' || path.startsWith('/sign-in?') || path.startsWith('/api/')) return '/';
  return path;
}
