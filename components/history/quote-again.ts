import type { QuoteRecordView } from '@/lib/api/quote-records';
import { safeWrite } from '../quote/effects/local-storage';
import { markQuoteToResume } from '../quote/effects/use-quote-request';
import { vouchedFor } from '../quote/trip/address-provenance';
import { newStopId, type PointDraft, type QuoteDraftValues } from '../quote/trip/draft';
import { storageKeys, type StoredDraft } from '../quote/trip/draft-storage';
import { PICKUP, tripStops } from '../quote/trip/trip-stops';

type Stop = QuoteRecordView['stops'][number];

const pointOf = (stop: Stop): PointDraft => ({
  street: stop.street,
  exteriorNumber: stop.exteriorNumber,
  interiorNumber: stop.interiorNumber ?? '',
  neighborhood: stop.neighborhood,
  zipCode: stop.zipCode,
  lat: stop.lat,
  lng: stop.lng,
});

/**
 * A record's stops as the quote screen's draft, each address vouched for by its pin, as a recent
 * quote reopened on the screen is (the trip store's openRecent).
 */
export function draftOfRecord(record: QuoteRecordView): StoredDraft {
  const [pickup, ...dropoffs] = record.stops;
  const values: QuoteDraftValues = {
    pickup: pointOf(pickup!),
    dropoffs: dropoffs.map((stop) => ({ id: newStopId(), ...pointOf(stop) })),
    // The same customer, most likely, asking again.
    customer: record.customer ?? '',
  };
  const provenance = Object.fromEntries(
    tripStops(values).map((stop) => [stop.key, vouchedFor(stop.point)]),
  );
  return { values, activeStop: PICKUP, provenance };
}

/**
 * "Cotizar de nuevo": the record's stops become this dispatcher's draft on the device, and the
 * quote is marked to be sent once the screen has restored it — the path a quote cut short by an
 * expired session takes back to the screen (use-draft-on-device.ts).
 */
export function quoteAgain(record: QuoteRecordView, email: string): void {
  const keys = storageKeys(email);
  safeWrite(keys.draft, JSON.stringify(draftOfRecord(record)));
  markQuoteToResume(keys.resume);
}
