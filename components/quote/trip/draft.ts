/**
 * What the dispatcher has on screen: a pickup and one to nine drop-offs, each with its address
 * fields and its pin. How it is kept on the device is draft-storage.ts.
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
  /**
   * "Cliente (opcional)": who the quote is for, as typed. Not part of the trip's fingerprint: a
   * name typed after the quote does not make its price stale.
   */
  customer?: string;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** The courier takes 2 to 10 addresses: one pickup and up to nine drop-offs. */
/** Declared with the courier's other limits (lib/courier-api/limits.ts). */
export { MAX_DROPOFFS } from '@/lib/courier-api/limits';

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
  customer: '',
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

export function isCoordinate(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}
