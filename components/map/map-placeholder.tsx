import styles from './map-preview.module.css';

/**
 * Holds the map's exact place while Leaflet loads, so nothing on the screen moves; the tiles of
 * the preview show through it, with a note that the map is not interactive yet.
 */
export function MapPlaceholder({ label }: { label: string }) {
  return (
    <div className={styles.placeholder} aria-busy="true">
      <p className={styles.placeholderNote}>{label}</p>
    </div>
  );
}
