import type { MapView } from './map-view';

/**
 * The map tiles of a view, laid out as Leaflet will lay them out, so that the server can send them
 * as plain <img> in the first HTML: the dispatcher sees the map before any script has run, and
 * Leaflet takes over on top of the very same (by then cached) images.
 *
 * Web Mercator with 256 px tiles, as Leaflet's default CRS (EPSG:3857) and every slippy-map tile
 * server use.
 */

export const TILE_SIZE = 256;

export interface PreviewTile {
  /** `${z}/${x}/${y}`, stable between renders. */
  key: string;
  url: string;
  /** Offset of the tile's top-left corner from the map's centre, in CSS pixels. */
  left: number;
  top: number;
  /** Whether the tile touches the middle of the map, which every screen shows. */
  central: boolean;
}

export interface PreviewArea {
  /** The widest and tallest the map may be drawn: tiles beyond are not sent. */
  width: number;
  height: number;
  /** The middle that every screen shows, from the narrowest phone up. */
  centralWidth: number;
  centralHeight: number;
}

/** A 1024 × 768 map at most (a tablet turned sideways); a 360 × 360 middle (the smallest phone). */
export const PREVIEW_AREA: PreviewArea = {
  width: 1024,
  height: 768,
  centralWidth: 360,
  centralHeight: 360,
};

const MAX_LATITUDE = 85.0511287798;

/** The view's centre in world pixels at its zoom. */
export function worldPixel({ lat, lng, zoom }: MapView): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** zoom;
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/**
 * Fills a Leaflet tile URL template: {z} {x} {y}, {-y} (TMS), {s} (a subdomain, chosen as Leaflet
 * does from "abc") and {r} (left empty: whether the screen is high-density is known only in the
 * browser). Anything else in braces is left as it is.
 */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  const subdomains = 'abc';
  const values: Record<string, string> = {
    z: String(z),
    x: String(x),
    y: String(y),
    '-y': String(2 ** z - 1 - y),
    s: subdomains[Math.abs(x + y) % subdomains.length]!,
    r: '',
  };
  return template.replace(/\{ *([\w-]+) *\}/g, (match, name: string) => values[name] ?? match);
}

/** The tiles covering `area` around the view's centre, the central ones first, nearest first. */
export function previewTiles(
  template: string,
  view: MapView,
  area: PreviewArea = PREVIEW_AREA,
): PreviewTile[] {
  const center = worldPixel(view);
  const count = 2 ** view.zoom;
  const span = (from: number, to: number) => {
    const first = Math.floor(from / TILE_SIZE);
    const last = Math.floor((to - 1) / TILE_SIZE);
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  };
  const touches = (start: number, middle: number, half: number) =>
    start < middle + half && start + TILE_SIZE > middle - half;

  const tiles: PreviewTile[] = [];
  for (const y of span(center.y - area.height / 2, center.y + area.height / 2)) {
    if (y < 0 || y >= count) continue;
    for (const x of span(center.x - area.width / 2, center.x + area.width / 2)) {
      // Leaflet repeats the world sideways; the preview does the same.
      const wrapped = ((x % count) + count) % count;
      const left = Math.round(x * TILE_SIZE - center.x);
      const top = Math.round(y * TILE_SIZE - center.y);
      tiles.push({
        key: `${view.zoom}/${x}/${y}`,
        url: tileUrl(template, view.zoom, wrapped, y),
        left,
        top,
        central:
          touches(x * TILE_SIZE, center.x, area.centralWidth / 2) &&
          touches(y * TILE_SIZE, center.y, area.centralHeight / 2),
      });
    }
  }
  // Nearest the centre first: the tile under the middle of the map is the first one fetched.
  const distance = (tile: PreviewTile) =>
    Math.hypot(tile.left + TILE_SIZE / 2, tile.top + TILE_SIZE / 2);
  return tiles.sort((a, b) => Number(b.central) - Number(a.central) || distance(a) - distance(b));
}
