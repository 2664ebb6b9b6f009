/** Next's own copy of path-to-regexp, which matches next.config.js `headers()` sources. */
declare module 'next/dist/compiled/path-to-regexp' {
  export function pathToRegexp(path: string, keys?: unknown[], options?: object): RegExp;
}
