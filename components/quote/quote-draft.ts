import { fold } from '@/lib/geocoding/fold';
import type { Quote } from '@/lib/quote/quote';
import { emptyProvenance, parseProvenance, type PointProvenance } from './address-provenance';

/**
 * What the dispatcher has on screen — two points, each with its address fields and its pin — and
 * how it is kept on the device (localStorage) so that a reload, a sign-in or a lost network never
 * costs them what they typed. Everything read back from storage is checked field by field: a
 * damaged or old entry yields an empty draft, never a crash.
 */

export type PointKey = 'pickup' | 'dropoff';
export const POINT_KEYS: readonly PointKey[] = ['pickup', 'dropoff'];

export interface PointDraft {
  street: string;
  exteriorNumber: string;
  interiorNumber: string;
  neighborhood: string;
  zipCode: string;
  lat?: number;
  lng?: number;
}

export interface QuoteDraftValues {
  pickup: PointDraft;
  dropoff: PointDraft;
}

export interface LatLng {
  lat: number;
  lng: number;
}

export type DraftProvenance = Record<PointKey, PointProvenance>;

export interface StoredDraft {
  values: QuoteDraftValues;
  activePin: PointKey;
  /** Where each point's fields came from (address-provenance.ts). */
  provenance: DraftProvenance;
}

export interface RecentQuote {
  id: string;
  values: QuoteDraftValues;
  quote: Quote;
}

export interface MapView extends LatLng {
  zoom: number;
}

export const MAX_RECENT_QUOTES = 20;
const PREFIX = 'dispatch-quote:v1';

export const emptyPoint = (): PointDraft => ({
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
});

export const emptyDraft = (): QuoteDraftValues => ({ pickup: emptyPoint(), dropoff: emptyPoint() });

export const emptyDraftProvenance = (): DraftProvenance => ({
  pickup: emptyProvenance(),
  dropoff: emptyProvenance(),
});

export function pinOf(point: Partial<PointDraft> | undefined): LatLng | null {
  return point && isCoordinate(point.lat, 90) && isCoordinate(point.lng, 180)
    ? { lat: point.lat, lng: point.lng }
    : null;
}

/** A fingerprint of the draft: a result is stale once the draft's fingerprint differs. */
export function draftKey(values: QuoteDraftValues): string {
  return JSON.stringify(POINT_KEYS.map((key) => normalizedPoint(values[key])));
}

/** "Varsovia 36, Juárez" — how a point is named in lists. */
export function pointSummary(point: PointDraft): string {
  const street = [point.street.trim(), point.exteriorNumber.trim()].filter(Boolean).join(' ');
  return [street, point.neighborhood.trim()].filter(Boolean).join(', ');
}

// ------------------------------------------------------------------ storage keys

/** Drafts and history belong to one dispatcher: a shared tablet keeps each one's apart. */
export const storageKeys = (email: string) => {
  const owner = email.trim().toLowerCase();
  return {
    draft: `${PREFIX}:${owner}:draft`,
    recent: `${PREFIX}:${owner}:recent`,
    resume: `${PREFIX}:${owner}:resume-quote`,
  };
};

/** The cookie that remembers where the dispatcher left the map (read by the server, see app/page). */
export const MAP_VIEW_COOKIE = 'dq_map_view';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** `document.cookie` text that remembers `view` for a year (5 decimals: about a metre). */
export function mapViewCookie(view: MapView): string {
  const value = JSON.stringify({
    lat: Number(view.lat.toFixed(5)),
    lng: Number(view.lng.toFixed(5)),
    zoom: view.zoom,
  });
  return `${MAP_VIEW_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

// ------------------------------------------------------------------ parsing what storage holds

export function parseDraft(text: string | null): StoredDraft | null {
  const data = parseJson(text);
  if (!isRecord(data)) return null;
  const values = parseValues(data.values);
  if (!values) return null;
  const provenance = isRecord(data.provenance) ? data.provenance : {};
  return {
    values,
    activePin: data.activePin === 'dropoff' ? 'dropoff' : 'pickup',
    provenance: {
      pickup: parseProvenance(provenance.pickup),
      dropoff: parseProvenance(provenance.dropoff),
    },
  };
}

export function parseRecent(text: string | null): RecentQuote[] {
  const data = parseJson(text);
  if (!Array.isArray(data)) return [];
  const entries: RecentQuote[] = [];
  for (const item of data) {
    if (!isRecord(item) || typeof item.id !== 'string') continue;
    const values = parseValues(item.values);
    const quote = parseQuote(item.quote);
    if (values && quote) entries.push({ id: item.id, values, quote });
    if (entries.length === MAX_RECENT_QUOTES) break;
  }
  return entries;
}

/**
 * The newest first, at most MAX_RECENT_QUOTES, and one row per trip: a quote of the same addresses
 * (the pins a few metres apart, or not) replaces the older one instead of adding a row that reads
 * the same.
 */
export function addRecent(list: RecentQuote[], entry: RecentQuote): RecentQuote[] {
  const trip = tripKey(entry.values);
  return [entry, ...list.filter((item) => tripKey(item.values) !== trip)].slice(
    0,
    MAX_RECENT_QUOTES,
  );
}

/** A trip as the dispatcher reads it in a list: both addresses, accents and case aside. */
function tripKey(values: QuoteDraftValues): string {
  const text = (point: PointDraft) =>
    [point.street, point.exteriorNumber, point.interiorNumber, point.neighborhood, point.zipCode]
      .map(fold)
      .join('|');
  return POINT_KEYS.map((key) => text(values[key])).join('→');
}

export function parseMapView(text: string | null): MapView | null {
  const data = parseJson(text);
  if (!isRecord(data)) return null;
  const { lat, lng, zoom } = data;
  if (!isCoordinate(lat, 90) || !isCoordinate(lng, 180)) return null;
  if (typeof zoom !== 'number' || !Number.isInteger(zoom) || zoom < 3 || zoom > 19) return null;
  return { lat, lng, zoom };
}

function parseValues(data: unknown): QuoteDraftValues | null {
  if (!isRecord(data)) return null;
  const pickup = parsePoint(data.pickup);
  const dropoff = parsePoint(data.dropoff);
  return pickup && dropoff ? { pickup, dropoff } : null;
}

function parsePoint(data: unknown): PointDraft | null {
  if (!isRecord(data)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');
  const point: PointDraft = {
    street: text(data.street),
    exteriorNumber: text(data.exteriorNumber),
    interiorNumber: text(data.interiorNumber),
    neighborhood: text(data.neighborhood),
    zipCode: text(data.zipCode),
  };
  if (isCoordinate(data.lat, 90) && isCoordinate(data.lng, 180)) {
    point.lat = data.lat;
    point.lng = data.lng;
  }
  return point;
}

function parseQuote(data: unknown): Quote | null {
  if (!isRecord(data)) return null;
  const numbers = ['total', 'price', 'discount', 'extraCharge', 'distanceKm', 'etaMinutes'];
  if (!numbers.every((name) => typeof data[name] === 'number')) return null;
  if (typeof data.isBike !== 'boolean' || typeof data.quotedAt !== 'string') return null;
  if (!isRecord(data.zone) || typeof data.zone.name !== 'string') return null;
  return data as unknown as Quote;
}

function normalizedPoint(point: PointDraft) {
  return {
    street: point.street.trim(),
    exteriorNumber: point.exteriorNumber.trim(),
    interiorNumber: point.interiorNumber.trim(),
    neighborhood: point.neighborhood.trim(),
    zipCode: point.zipCode.trim(),
    lat: point.lat ?? null,
    lng: point.lng ?? null,
  };
}

function isCoordinate(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
