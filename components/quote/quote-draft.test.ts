import { describe, expect, it } from 'vitest';
import type { Quote } from '@/lib/quote/quote';
import { vouchedFor } from './address-provenance';
import {
  MAX_RECENT_QUOTES,
  emptyDraftProvenance,
  addRecent,
  draftKey,
  MAP_VIEW_COOKIE,
  emptyDraft,
  mapViewCookie,
  parseDraft,
  parseMapView,
  parseRecent,
  pinOf,
  pointSummary,
  storageKeys,
  type QuoteDraftValues,
  type RecentQuote,
} from './quote-draft';
import recordedTrip from '@/test/fixtures/recorded-trip.json';

const trip = (): QuoteDraftValues => ({
  pickup: { ...recordedTrip.pickup, interiorNumber: '' },
  dropoff: { ...recordedTrip.dropoff },
});

const quote: Quote = {
  total: 35,
  price: 35,
  discount: 0,
  extraCharge: 0,
  packageValue: 0,
  messengerFee: 28,
  operatorCost: 7,
  distanceKm: 1.58,
  etaMinutes: 28,
  isBike: true,
  rating: 0,
  currency: 'MXN',
  zone: { id: 1, name: 'cdmx' },
  packageType: { id: 1, name: 'sobre' },
  quotedAt: '2026-01-05T18:00:00.000Z',
};

describe('the draft kept on the device', () => {
  it('comes back exactly as it was saved, pins, active pin and provenance included', () => {
    const provenance = {
      pickup: vouchedFor(trip().pickup),
      dropoff: {
        origins: { street: 'earlier', neighborhood: 'pin' },
        anchor: { lat: 19.42, lng: -99.16, precision: 'exact' },
      },
    };
    const saved = JSON.stringify({ values: trip(), activePin: 'dropoff', provenance });
    expect(parseDraft(saved)).toEqual({ values: trip(), activePin: 'dropoff', provenance });
  });

  it('a draft saved before provenance existed comes back with none', () => {
    const saved = JSON.stringify({ values: trip(), activePin: 'dropoff' });
    expect(parseDraft(saved)).toEqual({
      values: trip(),
      activePin: 'dropoff',
      provenance: emptyDraftProvenance(),
    });
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
    const draft = parseDraft(JSON.stringify({ values: broken, activePin: 'sideways' }));
    expect(draft?.activePin).toBe('pickup');
    expect(draft?.values.pickup.street).toBe('Varsovia');
    expect(pinOf(draft?.values.pickup)).toBeNull();
    expect(pinOf(draft?.values.dropoff)).toEqual({ lat: 19.4133562, lng: -99.1672142 });
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
    moved.dropoff.lat = 19.414;
    const edited = trip();
    edited.dropoff.interiorNumber = '2';
    expect(draftKey(moved)).not.toBe(draftKey(trip()));
    expect(draftKey(edited)).not.toBe(draftKey(trip()));
    expect(draftKey(emptyDraft())).not.toBe(draftKey(trip()));
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
    nudged.values.dropoff = { ...nudged.values.dropoff, lat: 19.41338, lng: -99.16719 };
    const plain = entry('plain');
    plain.values.pickup = { ...plain.values.pickup, neighborhood: 'JUAREZ' };
    const list = addRecent(addRecent(addRecent([], entry('first')), nudged), plain);
    expect(list.map((item) => item.id)).toEqual(['plain']);
  });

  it('another door on the same street is another trip', () => {
    const next = entry('next door');
    next.values.dropoff = { ...next.values.dropoff, exteriorNumber: '182' };
    const list = addRecent(addRecent([], entry('first')), next);
    expect(list.map((item) => item.id)).toEqual(['next door', 'first']);
  });

  it('survive a round trip through storage and skip entries that are not quotes', () => {
    const stored = JSON.stringify([
      entry('ok'),
      { id: 'bad', values: trip(), quote: { total: 'x' } },
    ]);
    expect(parseRecent(stored).map((item) => item.id)).toEqual(['ok']);
    expect(parseRecent('nonsense')).toEqual([]);
  });

  it('are named by street, number and colonia', () => {
    expect(pointSummary(trip().pickup)).toBe('Varsovia 36, Juárez');
    expect(pointSummary(emptyDraft().pickup)).toBe('');
  });
});

describe('the remembered map view', () => {
  it('is used only when it is a real place and zoom', () => {
    expect(parseMapView(JSON.stringify({ lat: 19.4, lng: -99.1, zoom: 14 }))).toEqual({
      lat: 19.4,
      lng: -99.1,
      zoom: 14,
    });
    expect(parseMapView(JSON.stringify({ lat: 19.4, lng: -99.1, zoom: 40 }))).toBeNull();
    expect(parseMapView(JSON.stringify({ lat: 'x', lng: -99.1, zoom: 14 }))).toBeNull();
  });

  it('travels in a cookie the server reads back (as Next decodes it)', () => {
    const cookie = mapViewCookie({ lat: 19.424512345, lng: -99.163498765, zoom: 15 });
    const [pair, ...attributes] = cookie.split('; ');
    const [name, value] = pair!.split('=') as [string, string];
    expect(name).toBe(MAP_VIEW_COOKIE);
    // Only characters a cookie value may hold (RFC 6265): no quote, comma, semicolon or space.
    expect(value).toMatch(/^[A-Za-z0-9%._~!*'()-]+$/);
    expect(parseMapView(decodeURIComponent(value))).toEqual({
      lat: 19.42451,
      lng: -99.1635,
      zoom: 15,
    });
    expect(attributes).toEqual(['path=/', 'max-age=31536000', 'samesite=lax']);
  });
});
