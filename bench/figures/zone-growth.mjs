// Figure 3: zone lookup growth. Runs bench/zone-growth/zone-growth.ts in this process through
// Vite's module runner (vite comes with vitest), so the courier service's TypeScript is timed as is.
import { runnerImport } from 'vite';
import { ROOT } from '../lib/app-server.mjs';
import { round, roundSpread, spread } from '../lib/stats.mjs';

export const BUDGET = { ratio10kTo10: 2 };

export async function measureZoneGrowthFigure({ smoke }) {
  const plan = smoke ? { rounds: 2, msPerSize: 100 } : { rounds: 9, msPerSize: 500 };
  const { module } = await runnerImport(`${ROOT}/bench/zone-growth/zone-growth.ts`, {
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    resolve: { alias: { '@': ROOT } },
  });
  const { rounds, indexBuildMs } = await module.measureZoneGrowth({ ...plan, root: ROOT });
  const ratio = spread(rounds.map((r) => r.microsPerQuote[10_000] / r.microsPerQuote[10]));
  const ratio1k = spread(rounds.map((r) => r.microsPerQuote[1_000] / r.microsPerQuote[10]));
  const micros = (count) => roundSpread(spread(rounds.map((r) => r.microsPerQuote[count])), 2);
  return {
    id: 'zone-growth',
    title: 'zone lookup growth',
    budget: `time per quotation at 10,000 zones ≤ ${BUDGET.ratio10kTo10}× at 10 zones`,
    result: `${round(ratio.median, 2)}× (${round(ratio.min, 2)}–${round(ratio.max, 2)}); 1,000 zones ${round(ratio1k.median, 2)}×`,
    passed: ratio.median <= BUDGET.ratio10kTo10,
    plan,
    figures: { ratio10kTo10: roundSpread(ratio), ratio1kTo10: roundSpread(ratio1k) },
    absolute: {
      note: 'µs per in-process quotation (median of each round’s tinybench p50), and the one-off index build',
      microsPerQuote: { 10: micros(10), 1000: micros(1_000), 10000: micros(10_000) },
      indexBuildMs: Object.fromEntries(
        Object.entries(indexBuildMs).map(([k, v]) => [k, round(v, 1)]),
      ),
    },
  };
}
