import { describe, expect, it } from 'vitest';
import type { Quote } from '@/lib/api/quote';
import { vouchedFor } from './address-provenance';
import {
  MAX_DROPOFFS,
  draftKey,
  emptyDraft,
  pinOf,
  pointSummary,
  type QuoteDraftValues,
} from './draft';
import {
  MAX_RECENT_QUOTES,
  addRecent,
  parseDraft,
  parseRecent,
  storageKeys,
  type RecentQuote,
} from './draft-storage';
import recordedTrip from '@/test/fixtures/recorded-trip.json';
import { RECORDED_QUOTE_FIGURES } from '@/test/fixtures/recorded-quote';
import { quoteExpired } from './server-clock';

const trip = (): QuoteDraftValues => ({
  pickup: { ...recordedTrip.pickup, interiorNumber: '' },
  dropoffs: [{ id: 'b1', ...recordedTrip.dropoff }],
});

const quote: Quote = {
  ...RECORDED_QUOTE_FIGURES,
  zone: { id: 1, name: 'cdmx' },
  packageType: { id: 1, name: 'sobre' },
  issuedAt: '2026-01-05T18:00:00.000Z',
  expiresAt: '2026-01-05T18:15:00.000Z',
};

describe('the draft kept on the device', () => {
  it('comes back exactly as it was saved: stops, customer, the stop the next tap places, provenance', () => {
    const values = { ...trip(), customer: 'Florería Lupita 55 1234 5678' };
    values.dropoffs.push({ id: 'c2', ...emptyDraft().pickup, street: 'Durango' });
    const provenance = {
      pickup: vouchedFor(values.pickup),
      b1: {
        origins: { street: 'earlier', neighborhood: 'pin' },
        anchor: { lat: 19.42, lng: -99.16, precision: 'exact' },
      },
      c2: { origins: { street: 'typed' }, anchor: null },
    };
    const saved = JSON.stringify({ values, activeStop: 'c2', provenance });
    expect(parseDraft(saved)).toEqual({ values, activeStop: 'c2', provenance });
  });

  it('a draft saved before several drop-offs comes back as one drop-off, its provenance too', () => {
    const { pickup } = trip();
    const dropoff = { ...recordedTrip.dropoff };
    const origins = { street: 'typed' };
    const saved = JSON.stringify({
      values: { pickup, dropoff },
      activePin: 'dropoff',
      provenance: { dropoff: { origins, anchor: null } },
    });
    const draft = parseDraft(saved)!;
    expect(draft.values.pickup).toEqual(pickup);
    expect(draft.values.dropoffs).toEqual([{ ...dropoff, id: expect.any(String) }]);
    const key = draft.values.dropoffs[0]!.id!;
    expect(draft.activeStop).toBe(key);
    expect(draft.provenance[key]).toEqual({ origins, anchor: null });
    expect(draft.provenance.pickup).toEqual({ origins: {}, anchor: null });
  });

  it('never more than nine drop-offs, and every drop-off with an id of its own', () => {
    const values = trip();
    const many = Array.from({ length: 12 }, () => ({ ...values.dropoffs[0]!, id: 'same' }));
    const draft = parseDraft(JSON.stringify({ values: { ...values, dropoffs: many } }))!;
    expect(draft.values.dropoffs).toHaveLength(MAX_DROPOFFS);
    expect(new Set(draft.values.dropoffs.map((point) => point.id)).size).toBe(MAX_DROPOFFS);
  });

  it('a damaged or foreign entry gives no draft instead of breaking the screen', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft('[]')).toBeNull();
    expect(parseDraft(JSON.stringify({ values: { pickup: 3 } }))).toBeNull();
  });

  it('keeps the fields but drops a pin whose coordinates are impossible', () => {
    const values = trip();
    const broken = { ...values, pickup: { ...values.pickup, lat: 123 } };
    const draft = parseDraft(JSON.stringify({ values: broken, activeStop: 'sideways' }));
    expect(draft?.activeStop).toBe('pickup');
    expect(draft?.values.pickup.street).toBe('Varsovia');
    expect(pinOf(draft?.values.pickup)).toBeNull();
    expect(pinOf(draft?.values.dropoffs[0])).toEqual({ lat: 19.4133562, lng: -99.1672142 });
  });

  it('belongs to one dispatcher: two e-mails never share a draft', () => {
    expect(storageKeys('Dispatcher@Example.com').draft).toBe(
      storageKeys('dispatcher@example.com').draft,
    );
    expect(storageKeys('a@example.com').draft).not.toBe(storageKeys('b@example.com').draft);
  });
});

describe('a quote goes stale when the trip changes', () => {
  it('the same trip with stray spaces is still the same trip', () => {
    const spaced = trip();
    spaced.pickup.street = ' Varsovia  ';
    expect(draftKey(spaced)).toBe(draftKey(trip()));
  });

  it('a moved pin or an edited field is a different trip', () => {
    const moved = trip();
    moved.dropoffs[0]!.lat = 19.414;
    const edited = trip();
    edited.dropoffs[0]!.interiorNumber = '2';
    expect(draftKey(moved)).not.toBe(draftKey(trip()));
    expect(draftKey(edited)).not.toBe(draftKey(trip()));
    expect(draftKey(emptyDraft())).not.toBe(draftKey(trip()));
  });

  it('the same stops in another order are another trip; new ids alone change nothing', () => {
    const three = trip();
    three.dropoffs.push({ ...three.dropoffs[0]!, id: 'c2', street: 'Durango' });
    const reordered = { ...three, dropoffs: [...three.dropoffs].reverse() };
    expect(draftKey(reordered)).not.toBe(draftKey(three));
    const renamed = {
      ...three,
      dropoffs: three.dropoffs.map((point, i) => ({ ...point, id: `x${i}` })),
    };
    expect(draftKey(renamed)).toBe(draftKey(three));
    expect(draftKey(emptyDraft())).toBe(draftKey(emptyDraft()));
  });
});

describe('recent quotes', () => {
  const entry = (id: string, street = 'Varsovia'): RecentQuote => {
    const values = trip();
    values.pickup.street = street;
    return { id, values, quote };
  };

  it('keeps the newest first and at most twenty', () => {
    let list: RecentQuote[] = [];
    for (let index = 0; index < 25; index++)
      list = addRecent(list, entry(`q${index}`, `Calle ${index}`));
    expect(list).toHaveLength(MAX_RECENT_QUOTES);
    expect(list[0]!.id).toBe('q24');
    expect(list.at(-1)!.id).toBe('q5');
  });

  it('quoting the same trip again replaces its older entry', () => {
    const list = addRecent(addRecent([], entry('first')), entry('again'));
    expect(list.map((item) => item.id)).toEqual(['again']);
  });

  it('the same addresses with the pins a few metres off, or spelled without accents, are one row', () => {
    const nudged = entry('nudged');
    nudged.values.dropoffs[0] = { ...nudged.values.dropoffs[0]!, lat: 19.41338, lng: -99.16719 };
    const plain = entry('plain');
    plain.values.pickup = { ...plain.values.pickup, neighborhood: 'JUAREZ' };
    const list = addRecent(addRecent(addRecent([], entry('first')), nudged), plain);
    expect(list.map((item) => item.id)).toEqual(['plain']);
  });

  it('another door on the same street is another trip', () => {
    const next = entry('next door');
    next.values.dropoffs[0] = { ...next.values.dropoffs[0]!, exteriorNumber: '182' };
    const list = addRecent(addRecent([], entry('first')), next);
    expect(list.map((item) => item.id)).toEqual(['next door', 'first']);
  });

  it('the same drop-offs in another order are another trip', () => {
    const two = entry('two stops');
    two.values.dropoffs.push({ ...two.values.dropoffs[0]!, id: 'c2', street: 'Durango' });
    const swapped = entry('swapped');
    swapped.values.dropoffs = [...two.values.dropoffs].reverse();
    const list = addRecent(addRecent([], two), swapped);
    expect(list.map((item) => item.id)).toEqual(['swapped', 'two stops']);
  });

  it('survive a round trip through storage and skip entries that are not quotes', () => {
    const stored = JSON.stringify([
      entry('ok'),
      { id: 'bad', values: trip(), quote: { total: 'x' } },
    ]);
    expect(parseRecent(stored).map((item) => item.id)).toEqual(['ok']);
    expect(parseRecent('nonsense')).toEqual([]);
  });

  it('a quote kept before quotes carried the server’s expiry stays in the list, as expired', () => {
    const { issuedAt, expiresAt: _expiresAt, ...rest } = quote;
    const stored = JSON.stringify([
      { id: 'old', values: trip(), quote: { ...rest, quotedAt: issuedAt } },
    ]);
    const [old] = parseRecent(stored);
    expect(old?.quote).toEqual({ ...rest, issuedAt, expiresAt: issuedAt });
    expect(quoteExpired(old!.quote, Date.parse(issuedAt), 0)).toBe(true);
    expect(parseRecent(JSON.stringify([{ id: 'x', values: trip(), quote: rest }]))).toEqual([]);
  });

  it('are named by street, number and colonia', () => {
    expect(pointSummary(trip().pickup)).toBe('Varsovia 36, Juárez');
    expect(pointSummary(emptyDraft().pickup)).toBe('');
  });
});
