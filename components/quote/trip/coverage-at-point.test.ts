import { beforeAll, describe, expect, it } from 'vitest';
import { coverageForMap } from '@/lib/quoting/coverage-for-map';
import { coverageCheck, type CoverageCheck } from './coverage-at-point';
import { emptyPoint, type LatLng, type QuoteDraftValues } from './draft';

// Real places, judged against the zones the map draws (data/zones.geojson as GET /api/coverage
// sends it): CDMX and Guadalajara served, Monterrey drawn but not served, Puebla in no zone.
const VARSOVIA_36 = { lat: 19.4245, lng: -99.1635 };
const SONORA_180 = { lat: 19.4124, lng: -99.1707 };
const GUADALAJARA_CENTRO = { lat: 20.6737, lng: -103.3444 };
const MONTERREY_CENTRO = { lat: 25.6866, lng: -100.3161 };
const PUEBLA_CENTRO = { lat: 19.0414, lng: -98.2063 };

const point = (id: string | undefined, at?: LatLng) => ({
  ...emptyPoint(),
  ...(id ? { id } : {}),
  ...at,
});
const trip = (
  pickup: LatLng | undefined,
  ...dropoffs: (LatLng | undefined)[]
): QuoteDraftValues => ({
  pickup: point(undefined, pickup),
  dropoffs: dropoffs.map((at, index) => point(`d${index}`, at)),
});

let check: CoverageCheck;
beforeAll(async () => {
  check = coverageCheck(await coverageForMap());
});

describe('coverage at the point, before Cotizar', () => {
  it('a trip inside Mexico City marks nothing', () => {
    expect(check(trip(VARSOVIA_36, SONORA_180))).toEqual([]);
  });

  it('a pickup typed in Monterrey (a zone drawn but not served) is out, as the courier would say', () => {
    expect(check(trip(MONTERREY_CENTRO, undefined))).toEqual([
      { key: 'pickup', letter: 'A', problem: 'pickup_out_of_coverage' },
    ]);
  });

  it('a drop-off in Puebla, outside every zone, is out even before the pickup has a pin', () => {
    expect(check(trip(undefined, PUEBLA_CENTRO))).toEqual([
      { key: 'd0', letter: 'B', problem: 'dropoff_out_of_coverage' },
    ]);
  });

  it('a drop-off in Guadalajara is out for a Mexico City pickup: a trip stays in the pickup’s zone', () => {
    expect(check(trip(VARSOVIA_36, SONORA_180, GUADALAJARA_CENTRO))).toEqual([
      { key: 'd1', letter: 'C', problem: 'dropoff_out_of_coverage' },
    ]);
  });

  it('a Guadalajara drop-off is served when the pickup has no pin yet or is in Guadalajara too', () => {
    expect(check(trip(undefined, GUADALAJARA_CENTRO))).toEqual([]);
    expect(check(trip({ lat: 20.6597, lng: -103.3496 }, GUADALAJARA_CENTRO))).toEqual([]);
  });

  it('each stop out is named in trip order, and a drop-off in a served zone is not blamed for a pickup out', () => {
    expect(check(trip(PUEBLA_CENTRO, SONORA_180, MONTERREY_CENTRO)).map((s) => s.letter)).toEqual([
      'A',
      'C',
    ]);
  });

  it('with no zones published (another courier) nothing is marked: the courier judges', () => {
    const none = coverageCheck({ type: 'FeatureCollection', features: [] });
    expect(none(trip(MONTERREY_CENTRO, PUEBLA_CENTRO))).toEqual([]);
    expect(coverageCheck(undefined)(trip(MONTERREY_CENTRO, PUEBLA_CENTRO))).toEqual([]);
  });
});
