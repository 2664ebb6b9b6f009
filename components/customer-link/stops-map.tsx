import { withNewTabLinks } from '@/components/map/attribution';
import { TilePreview } from '@/components/map/tile-preview';
import { stopColour } from '@/components/quote/trip/stop-colours';
import type { CustomerStop } from '@/lib/quote-records/customer-view';
import { STOPS_MAP_AREA, stopsMap } from './stops-map-view';
import styles from './customer-link.module.css';

const at = (offset: { left: number; top: number }) => ({
  left: `calc(50% + ${offset.left}px)`,
  top: `calc(50% + ${offset.top}px)`,
});

/**
 * The trip on a small map drawn by the server, no script: the tiles as plain images (the quote
 * screen's first paint, components/map/tile-preview.tsx), straight lines between the stops in
 * order, and each stop's lettered pin in its colour (the pickup round, the drop-offs square).
 */
export function StopsMap({
  stops,
  tileUrl,
  attribution,
  label,
}: {
  stops: CustomerStop[];
  tileUrl: string;
  /** Trusted HTML from the operator's configuration (NEXT_PUBLIC_TILE_ATTRIBUTION). */
  attribution: string;
  label: string;
}) {
  const { view, pins } = stopsMap(stops);
  return (
    <figure className={styles.map} data-stops-map>
      <div className={styles.mapTiles} role="img" aria-label={label}>
        <TilePreview tileUrl={tileUrl} view={view} area={STOPS_MAP_AREA} />
        <svg className={styles.mapLines} width="1" height="1" aria-hidden="true">
          <polyline points={pins.map((pin) => `${pin.left},${pin.top}`).join(' ')} />
        </svg>
        {pins.map((pin, index) => (
          <span
            key={pin.letter}
            className={`${styles.pin} ${index === 0 ? styles.pinPickup : ''}`}
            style={{ ...at(pin), ['--pin-color' as string]: stopColour(index) }}
            data-pin={pin.letter}
            aria-hidden="true"
          >
            {pin.letter}
          </span>
        ))}
      </div>
      <figcaption
        className={styles.attribution}
        dangerouslySetInnerHTML={{ __html: withNewTabLinks(attribution) }}
      />
    </figure>
  );
}
