import { divIcon, type DivIcon } from 'leaflet';
import type { PointKey } from '@/components/quote/quote-draft';
import styles from './quote-map.module.css';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * The pins are drawn by us, not Leaflet's default image: a large disc with the letter (A blue, B
 * orange — told apart by letter and shape as well as colour) on a pointer whose tip is the spot,
 * and a name tag beside it. An out-of-coverage pin turns red with a striped ring.
 */
export function pinIcon(key: PointKey, name: string, outside: boolean): DivIcon {
  const letter = key === 'pickup' ? 'A' : 'B';
  const classes = [styles.pin, key === 'pickup' ? styles.pinA : styles.pinB];
  if (outside) classes.push(styles.pinOutside);
  return divIcon({
    className: styles.pinIcon,
    html:
      `<span class="${classes.join(' ')}" data-pin="${letter}">` +
      `<span class="${styles.pinHead}" aria-hidden="true">${letter}</span>` +
      `<span class="${styles.pinTag}">${escapeHtml(name)}</span>` +
      `</span>`,
    iconSize: [52, 66],
    iconAnchor: [26, 66],
  });
}
