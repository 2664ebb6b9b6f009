import { divIcon, type DivIcon } from 'leaflet';
import type { MapStop } from './map-props';
import styles from './quote-map.module.css';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * The pins are drawn by us, not Leaflet's default image: a large head with the stop's letter in
 * its colour (the pickup round, the drop-offs square: told apart by letter and shape as well as
 * colour) on a pointer whose tip is the spot, and (with one drop-off) a name tag beside it. An
 * out-of-coverage pin turns red with a striped ring. An approximate pin (at a searched area's
 * centre) gets a dashed outline and says so in words on its tag. A tag the map's edge would cut
 * goes to the head's other side (use-tags-inside.ts).
 */
export function pinIcon(
  stop: Pick<MapStop, 'letter' | 'role' | 'colour' | 'name'> & { approximate?: { note: string } },
  outside: boolean,
): DivIcon {
  const classes = [styles.pin, stop.role === 'pickup' ? styles.pinPickup : styles.pinDropoff];
  if (outside) classes.push(styles.pinOutside);
  if (stop.approximate) classes.push(styles.pinApproximate);
  const note = stop.approximate
    ? `<span class="${styles.pinTagNote}">${escapeHtml(stop.approximate.note)}</span>`
    : '';
  return divIcon({
    className: styles.pinIcon,
    html:
      `<span class="${classes.join(' ')}" data-pin="${escapeHtml(stop.letter)}"${outside ? ' data-outside="true"' : ''} style="--pin-color:${escapeHtml(stop.colour)}">` +
      `<span class="${styles.pinHead}" aria-hidden="true">${escapeHtml(stop.letter)}</span>` +
      pinTag(stop.name, note) +
      `</span>`,
    iconSize: [52, 66],
    iconAnchor: [26, 66],
  });
}

/**
 * The name beside a pin ("Recolección", "Entrega") and its approximate note; none when both are
 * empty: with several drop-offs the lettered heads name the stops, and tags beside them would
 * cover the next pins — an approximate pin keeps its note all the same.
 */
function pinTag(name: string, noteHtml: string): string {
  return name || noteHtml
    ? `<span class="${styles.pinTag}" data-pin-tag>${escapeHtml(name)}${noteHtml}</span>`
    : '';
}

/** The number of a leg, on the line halfway between its two stops. */
export function legIcon(number: number): DivIcon {
  return divIcon({
    className: styles.pinIcon,
    html: `<span class="${styles.legNumber}">${number}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}
