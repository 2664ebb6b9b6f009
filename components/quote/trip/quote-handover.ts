import { pointSummary, type QuoteDraftValues } from './draft';
import { tripStops } from './trip-stops';

/**
 * What the dispatcher hands the customer: the quote as a short text for a chat (WhatsApp, SMS) in
 * the screen's language. Pure: the words come in translated. (Until when it holds: server-clock.ts.)
 */

export interface ShareWords {
  title: string;
  /** "Recolección", "Entrega B"… */
  stopName: (letter: string, role: 'pickup' | 'dropoff', several: boolean) => string;
  /** "Total $35.00 MXN · 1.58 km · 28 min · Bicicleta" */
  figures: string;
  /** "Válida hasta las 2:35 p.m." */
  validity: string;
}

/**
 * The quote as a chat message: a title, every stop as street, number and colonia (nothing else:
 * no coordinates, no ids), the figures, until when it holds, and, when the quote was stored, the
 * customer's link (`link`: absolute, /c/{token}, the one token meant for the customer).
 */
export function shareText(values: QuoteDraftValues, words: ShareWords, link?: string): string {
  const stops = tripStops(values);
  const several = stops.length > 2;
  const lines = stops.map(
    (stop) => `${words.stopName(stop.letter, stop.role, several)}: ${addressLine(stop.point)}`,
  );
  return [words.title, ...lines, words.figures, words.validity, ...(link ? [link] : [])].join('\n');
}

/** "Sonora 180 int. 1, Hipódromo": what a rider needs to find the door. */
function addressLine(point: QuoteDraftValues['pickup']): string {
  const interior = point.interiorNumber.trim();
  const summary = pointSummary(point);
  if (!interior) return summary;
  const [street, ...rest] = summary.split(', ');
  return [`${street} int. ${interior}`, ...rest].join(', ');
}
