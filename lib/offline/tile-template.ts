/**
 * Which URLs are map tiles, read from the same Leaflet template the map fills
 * (NEXT_PUBLIC_TILE_URL: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, `https://{s}.tile…`,
 * `/tiles/{z}/{x}/{y}.png` on the app itself). The worker caches exactly these and nothing else
 * from other origins. Pure: the worker and its tests share it.
 */

/** What a placeholder of the template may stand for in a real tile URL. */
const PLACEHOLDER: Record<string, string> = {
  z: '\\d{1,2}',
  x: '\\d{1,9}',
  y: '\\d{1,9}',
  '-y': '\\d{1,9}',
  // Leaflet's subdomain (a, b, c…) and its high-density suffix ("@2x" or nothing).
  s: '[a-z0-9-]{1,20}',
  r: '(?:@2x)?',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A matcher for the tile URLs of a template, resolved against the app's own origin (a template
 * may be a path on the app). Undefined when the template cannot name tiles (no {z}/{x}/{y}, or not
 * http(s)): the worker then caches no tiles at all rather than guess. Other placeholders (an API
 * key in the template, say) match one path or query segment.
 */
export function tileUrlMatcher(
  template: string,
  appOrigin: string,
): ((url: string) => boolean) | undefined {
  const trimmed = template.trim();
  if (!/\{ *z *\}/.test(trimmed) || !/\{ *x *\}/.test(trimmed) || !/\{ *-?y *\}/.test(trimmed)) {
    return undefined;
  }
  let absolute: string;
  try {
    // Parsed with the placeholders protected, so that URL normalisation cannot rewrite them.
    absolute = new URL(trimmed.replace(/\{ *([\w-]+) *\}/g, '__$1__'), appOrigin).href;
  } catch {
    return undefined;
  }
  if (!/^https?:\/\//.test(absolute)) return undefined;
  const source = escapeRegExp(absolute).replace(
    /__([\w-]+)__/g,
    (_match, name: string) => PLACEHOLDER[name] ?? '[^/?#&]{1,200}',
  );
  const pattern = new RegExp(`^${source}$`, 'i');
  return (url: string) => pattern.test(url);
}
