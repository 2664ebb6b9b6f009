import { fold } from '@/lib/geocoding/fold';
import type { Quote } from '@/lib/api/quote';
import type { DraftProvenance } from './address-provenance';
import {
  MAX_DROPOFFS,
  isCoordinate,
  newStopId,
  pointsOf,
  type PointDraft,
  type QuoteDraftValues,
} from './draft';
import { parseProvenance } from './provenance-storage';

/**
 * How the trip is kept on the device (localStorage) so that a reload, a sign-in or a lost network
 * never costs the dispatcher what they typed, and the last quotes they asked. Everything read back
 * from storage is checked field by field: a damaged or old entry yields an empty draft, never a
 * crash.
 */

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
const PREFIX = 'dispatch-quote:v1';

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
    // More than the form takes: one too long is kept for the form to say so, nothing typed lost.
    customer: typeof data.customer === 'string' ? data.customer.slice(0, 1000) : '',
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
  if (typeof data.isBike !== 'boolean') return null;
  if (!isRecord(data.zone) || typeof data.zone.name !== 'string') return null;
  if (isInstant(data.issuedAt) && isInstant(data.expiresAt)) return data as unknown as Quote;
  // Kept before quotes carried the server's instants: when it holds until is unknown on the
  // server's clock, so it stays in the list as expired (the same trip quotes again in one tap).
  if (!isInstant(data.quotedAt)) return null;
  const { quotedAt, ...quote } = data;
  return { ...quote, issuedAt: quotedAt, expiresAt: quotedAt } as unknown as Quote;
}

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && Number.isFinite(Date.parse(value));

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
