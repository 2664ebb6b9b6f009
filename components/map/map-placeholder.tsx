import styles from './quote-map.module.css';

/** Holds the map's exact place while Leaflet loads, so nothing on the screen moves. */
export function MapPlaceholder({ label }: { label: string }) {
  return (
    <div className={styles.placeholder} aria-busy="true">
      <p>{label}</p>
    </div>
  );
}
