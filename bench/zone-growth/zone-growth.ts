import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import type { QuotationRequest } from '@/lib/courier-api/wire';
import { quoteOrder } from '@/lib/courier-service/quotation';
import {
  createZoneDirectory,
  zonesFileSchema,
  type ZoneDirectory,
} from '@/lib/courier-service/zone-directory';
import { COURIER_TRIP } from '../lib/trip.mjs';
import { syntheticZones } from './synthetic-zones';

/**
 * Figure 3, in-process: the courier's quotation of the recorded trip (lib/courier-service, as the
 * route calls it) against zone directories of 10, 1,000 and 10,000 zones, timed with tinybench,
 * the sizes alternating round after round. Loaded by bench/run.mjs through Vite's module runner,
 * since Node 20 runs no TypeScript by itself.
 */

export const ZONE_COUNTS = [10, 1_000, 10_000] as const;
/** Quotes per timed sample: one quote takes microseconds, below the timer's useful resolution. */
const BATCH = 50;

/** The recorded trip, exactly as the app sends it to the courier. */
const ORDER = COURIER_TRIP as QuotationRequest;

export interface ZoneGrowthRound {
  /** Median microseconds per quotation, by zone count. */
  microsPerQuote: Record<number, number>;
}

export interface ZoneGrowthResult {
  rounds: ZoneGrowthRound[];
  /** Milliseconds to build each directory's index, once (not part of a quote). */
  indexBuildMs: Record<number, number>;
}

export async function measureZoneGrowth({
  rounds,
  msPerSize,
  root,
}: {
  rounds: number;
  msPerSize: number;
  root: string;
}): Promise<ZoneGrowthResult> {
  const shipped = zonesFileSchema.parse(
    JSON.parse(readFileSync(join(root, 'data', 'zones.geojson'), 'utf8')),
  );
  const directories = new Map<number, ZoneDirectory>();
  const indexBuildMs: Record<number, number> = {};
  for (const count of ZONE_COUNTS) {
    const file = syntheticZones(shipped, count);
    const started = performance.now();
    directories.set(count, createZoneDirectory(file));
    indexBuildMs[count] = performance.now() - started;
  }
  const options = { now: new Date('2026-11-20T12:00:00-06:00'), timeZone: 'America/Mexico_City' };
  for (const directory of directories.values()) {
    const answer = quoteOrder(ORDER, directory, options);
    if (answer.data.zone.name !== 'cdmx') throw new Error('the recorded trip left Mexico City');
  }

  const results: ZoneGrowthRound[] = [];
  for (let round = 0; round < rounds; round++) {
    const microsPerQuote: Record<number, number> = {};
    for (const count of ZONE_COUNTS) {
      const directory = directories.get(count)!;
      const bench = new Bench({ time: msPerSize, warmup: true, throws: true });
      bench.add(`${count} zones`, () => {
        for (let i = 0; i < BATCH; i++) quoteOrder(ORDER, directory, options);
      });
      const [task] = await bench.run();
      const result = task!.result;
      if (!('latency' in result)) throw new Error(`tinybench: ${count} zones ${result.state}`);
      microsPerQuote[count] = (result.latency.p50 * 1000) / BATCH;
    }
    results.push({ microsPerQuote });
  }
  return { rounds: results, indexBuildMs };
}
