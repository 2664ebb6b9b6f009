import { MAX_DROPOFFS } from '@/lib/courier-api/limits';
import { fold } from '@/lib/geocoding/fold';
import type { Quote } from '@/lib/api/quote';
import type { PointProvenance } from './address-provenance';
import { parseProvenance } from './provenance-storage';

/**
 * What the dispatcher has on screen — a pickup and one to nine drop-offs, each with its address
 * fields and its pin — and how it is kept on the device (localStorage) so that a reload, a sign-in
 * or a lost network never costs them what they typed. Everything read back from storage is checked
 * field by field: a damaged or old entry yields an empty draft, never a crash.
 */

export interface PointDraft {
  /** A drop-off's own id, stable while stops are added, moved and removed (the pickup has none). */
  id?: string;
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
  dropoffs: PointDraft[];
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where each stop's fields came from (address-provenance.ts), by stop key (see trip-stops.ts). */
export type DraftProvenance = Record<string, PointProvenance>;

export interface StoredDraft {
  values: QuoteDraftValues;
  /** The stop the next tap on the map places. */
  activeStop: string;
  provenance: DraftProvenance;
}

export interface RecentQuote {
  id: string;
  values: QuoteDraftValues;
  quote: Quote;
}

export const MAX_RECENT_QUOTES = 20;
/** Declared with the courier's other limits (lib/courier-api/limits.ts). */
export { MAX_DROPOFFS };
const PREFIX = 'dispatch-quote:v1';

export const emptyPoint = (): PointDraft => ({
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
});

/** A new drop-off with an id of its own. */
export const emptyDropoff = (): PointDraft => ({ id: newStopId(), ...emptyPoint() });

export const emptyDraft = (): QuoteDraftValues => ({
  pickup: emptyPoint(),
  dropoffs: [emptyDropoff()],
});

export function newStopId(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `s${Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('')}`;
}

export function pinOf(point: Partial<PointDraft> | undefined): LatLng | null {
  return point && isCoordinate(point.lat, 90) && isCoordinate(point.lng, 180)
    ? { lat: point.lat, lng: point.lng }
    : null;
}

/** Every point in trip order: the pickup, then the drop-offs. */
export const pointsOf = (values: QuoteDraftValues): PointDraft[] => [
  values.pickup,
  ...values.dropoffs,
];

/** A fingerprint of the draft: a result is stale once the draft's fingerprint differs. */
export function draftKey(values: QuoteDraftValues): string {
  return JSON.stringify(pointsOf(values).map(normalizedPoint));
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
    places: `${PREFIX}:${owner}:places`,
  };
};

// ------------------------------------------------------------------ parsing what storage holds

export function parseDraft(text: string | null): StoredDraft | null {
  const data = parseJson(text);
  if (!isRecord(data)) return null;
  const values = parseValues(data.values);
  if (!values) return null;
  const stored = isRecord(data.provenance) ? data.provenance : {};
  const provenance: DraftProvenance = {};
  const keys = ['pickup', ...values.dropoffs.map((point) => point.id!)];
  // Drafts saved before several drop-offs kept the one drop-off's provenance under "dropoff".
  const legacy = (key: string, index: number) => (index === 1 ? stored.dropoff : undefined);
  keys.forEach((key, index) => {
    provenance[key] = parseProvenance(stored[key] ?? legacy(key, index));
  });
  const active = typeof data.activeStop === 'string' ? data.activeStop : data.activePin;
  return {
    values,
    activeStop:
      active === 'dropoff'
        ? keys[1]!
        : typeof active === 'string' && keys.includes(active)
          ? active
          : 'pickup',
    provenance,
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

/** A trip as the dispatcher reads it in a list: every address in order, accents and case aside. */
function tripKey(values: QuoteDraftValues): string {
  const text = (point: PointDraft) =>
    [point.street, point.exteriorNumber, point.interiorNumber, point.neighborhood, point.zipCode]
      .map(fold)
      .join('|');
  return pointsOf(values).map(text).join('→');
}

/** A stored draft or trip: `{pickup, dropoffs}`, or `{pickup, dropoff}` as saved before several drop-offs. */
function parseValues(data: unknown): QuoteDraftValues | null {
  if (!isRecord(data)) return null;
  const pickup = parsePoint(data.pickup);
  const stored = Array.isArray(data.dropoffs) ? data.dropoffs : [data.dropoff];
  const dropoffs = stored.slice(0, MAX_DROPOFFS).map(parsePoint);
  if (!pickup || dropoffs.length === 0 || dropoffs.some((point) => point === null)) return null;
  const seen = new Set<string>();
  return {
    pickup,
    dropoffs: (dropoffs as PointDraft[]).map((point) => {
      const id = point.id && !seen.has(point.id) ? point.id : newStopId();
      seen.add(id);
      return { ...point, id };
    }),
  };
}

function parsePoint(data: unknown): PointDraft | null {
  if (!isRecord(data)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');
  const point: PointDraft = {
    ...(typeof data.id === 'string' && /^[\w-]{1,40}$/.test(data.id) ? { id: data.id } : {}),
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
