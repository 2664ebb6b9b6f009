import { preconnect, preload } from 'react-dom';
import type { MapView } from '@/components/quote/quote-draft';
import { TILE_SIZE, previewTiles } from './tile-preview-grid';
import styles from './quote-map.module.css';

/**
 * The map's tiles as plain images in the server's HTML: the dispatcher sees the streets before
 * Leaflet has loaded, and Leaflet then draws the same (cached) tiles over them. Decorative: the
 * interactive map that replaces it carries the name and the controls.
 */
export function TilePreview({ tileUrl, view }: { tileUrl: string; view: MapView }) {
  const tiles = previewTiles(tileUrl, view);
  // The tile under the centre is the largest thing on the first screen: asked for from the <head>,
  // before the page's scripts, so that it is painted with the first frame.
  const first = tiles[0];
  if (first) {
    const origin = /^https?:\/\/[^/]+/i.exec(first.url)?.[0];
    if (origin) preconnect(origin);
    preload(first.url, { as: 'image', fetchPriority: 'high' });
  }
  return (
    <div className={styles.preview} aria-hidden="true">
      {tiles.map((tile, index) => (
        // next/image is for the app's own pictures; tiles come as they are from the tile server.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          key={tile.key}
          src={tile.url}
          alt=""
          width={TILE_SIZE}
          height={TILE_SIZE}
          draggable={false}
          // The middle of the map is on every screen: fetched at once, the first one first. The
          // rest only when the map is wide enough to show them.
          loading={tile.central ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding={tile.central ? 'auto' : 'async'}
          style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
        />
      ))}
    </div>
  );
}
