import { describe, expect, it } from 'vitest';
import { RequestError } from '@/components/ui/api-client';
import type { Quote } from '@/lib/api/quote';
import { emptyDraft, emptyDropoff, type QuoteDraftValues } from './draft';
import { outsideStopOf, problemOf, resultStateOf } from './quote-outcome';
import { tripReadiness } from './trip-readiness';

const quote = { total: 35, issuedAt: '2026-05-04T10:00:00Z' } as Quote;
const twoDropoffs = (): QuoteDraftValues => ({
  ...emptyDraft(),
  dropoffs: [emptyDropoff(), emptyDropoff()],
});
const none = { failure: null, error: null, outside: null };

describe('what the result card shows', () => {
  it('before any quote: what the trip still needs', () => {
    const trip = tripReadiness(emptyDraft(), {});
    expect(resultStateOf(none, { trip, shown: null, currentKey: 'k' })).toEqual({
      kind: 'empty',
      trip,
    });
  });

  it('a quote is fresh for the trip it was asked for and stale once the trip differs', () => {
    const values = emptyDraft();
    const shown = { quote, key: 'k1', values };
    const trip = tripReadiness(values, {});
    expect(resultStateOf(none, { trip, shown, currentKey: 'k1' })).toMatchObject({ stale: false });
    expect(resultStateOf(none, { trip, shown, currentKey: 'k2' })).toMatchObject({ stale: true });
  });

  it('a quote waiting for the network says so, and whether the trip changed meanwhile', () => {
    const now = { trip: [], shown: null, currentKey: 'k2' };
    expect(resultStateOf({ ...none, queued: { key: 'k1' } }, now)).toEqual({
      kind: 'queued',
      changed: true,
    });
  });

  it('a drop-off out of coverage is named by its letter, from the field the courier named', () => {
    const values = twoDropoffs();
    const error = new RequestError('dropoff_out_of_coverage', 422, 'fuera', { 'dropoffs.1': 'x' });
    const failure = problemOf(error);
    const outside = outsideStopOf(failure, error, values);
    expect(outside).toBe(values.dropoffs[1]!.id);
    const trip = tripReadiness(values, {});
    expect(
      resultStateOf({ failure, error, outside }, { trip, shown: null, currentKey: 'k' }),
    ).toMatchObject({ kind: 'problem', problem: 'dropoff_out_of_coverage', stopLetter: 'C' });
  });

  it('of several drop-offs, an unnamed one out of coverage is not guessed', () => {
    const error = new RequestError('dropoff_out_of_coverage', 422, 'fuera');
    expect(outsideStopOf(problemOf(error), error, twoDropoffs())).toBeNull();
    expect(outsideStopOf('pickup_out_of_coverage', error, twoDropoffs())).toBe('pickup');
  });

  it('a courier that timed out or failed reads as such; anything else is unknown', () => {
    expect(problemOf(new RequestError('timeout', 0, 'timeout'))).toBe('courier_timeout');
    expect(problemOf(new RequestError('http_503', 503, 'down'))).toBe('courier_error');
    expect(problemOf(new Error('boom'))).toBe('unknown');
  });
});
