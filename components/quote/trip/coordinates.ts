import type { LatLng } from './draft';

/** "19.424521, -99.167691": six decimals place a pin within about 10 cm. */
export function formatCoordinates(at: LatLng | null): string {
  return at ? `${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}` : '';
}

/** "19.4245207, -99.1676911", "19.4245 -99.1677" or "19,4245; -99,1677" → a point, else null. */
export function parseCoordinates(text: string): LatLng | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const numbers = trimmed.includes(';')
    ? trimmed.split(';').map((part) => part.trim().replace(',', '.'))
    : trimmed.split(/[\s,]+/).filter(Boolean);
  if (numbers.length !== 2) return null;
  const [lat, lng] = numbers.map((part) => (/^[-+]?\d+(\.\d+)?$/.test(part!) ? Number(part) : NaN));
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat!) > 90 || Math.abs(lng!) > 180) return null;
  return { lat: lat!, lng: lng! };
}
