import type { MapView } from './map-view';
import { TILE_SIZE, previewTiles, type PreviewArea } from './tile-preview-grid';
import styles from './map-preview.module.css';

/**
 * The map's tiles as plain images in the server's HTML: the dispatcher sees the streets before
 * Leaflet has loaded, and Leaflet then draws the same (cached) tiles over them. Decorative: the
 * interactive map that replaces it carries the name and the controls.
 */
export function TilePreview({
  tileUrl,
  view,
  area,
}: {
  tileUrl: string;
  view: MapView;
  /** The largest map drawn (PREVIEW_AREA by default): tiles beyond are not sent. */
  area?: PreviewArea;
}) {
  const tiles = previewTiles(tileUrl, view, area);
  return (
    <div className={styles.preview} aria-hidden="true" data-map-preview>
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
          // The middle of the map is on every screen: fetched at once, the tile under the centre
          // (the largest thing on the first screen) first. The rest only when the map is wide
          // enough to show them.
          loading={tile.central ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding={tile.central ? 'auto' : 'async'}
          style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
        />
      ))}
    </div>
  );
}
