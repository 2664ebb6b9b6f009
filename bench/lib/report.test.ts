import { describe, expect, it } from 'vitest';
import { markdownReport } from './report.mjs';

const report = (cpuSlowdown: number) => ({
  run: {
    smoke: false,
    command: `npm run bench -- --cpu-slowdown=${cpuSlowdown}`,
    finishedAt: '2026-11-26T12:43:00.000Z',
    seconds: 700,
    commit: 'c25035e',
    uncommittedChanges: false,
    cpuSlowdown,
  },
  machine: {
    cpus: 2,
    cpuModel: 'Intel(R) Xeon(R) Processor',
    memoryGb: 23.5,
    os: 'Linux 6.18 x64',
    node: 'v20.20.2',
    chromium: 'Chromium 156',
    loadAverageAtStart: [1.2, 2.5, 3.1],
  },
  versions: { next: '16.4.6' },
  figures: [
    {
      id: 'first-pin',
      title: 'time to first pin',
      budget: '≤ 1.2×',
      result: 'app/bare 1.10× per round',
      passed: true,
      loadAverage: { start: 1.21, end: 2.4 },
    },
  ],
});

describe('the bench’s report', () => {
  it('names the machine, the CPU slowdown of the run and each figure’s load average', () => {
    const text = markdownReport(report(6));
    expect(text).toContain('2 × Intel(R) Xeon(R) Processor, 23.5 GB');
    expect(text).toContain('load average at start 1.2 / 2.5 / 3.1');
    expect(text).toContain('ran with the CPU slowed 6×');
    expect(text).toMatch(
      /\| time to first pin \| ≤ 1\.2× \| app\/bare 1\.10× per round \| 1\.21 → 2\.4 \| met \|/,
    );
  });
});
