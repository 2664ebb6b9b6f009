// bench/results/latest.md: the table the README's performance section is copied from.

const verdict = (figure) =>
  figure.error
    ? `error: ${figure.error}`
    : figure.passed === null
      ? `**missed**: ${figure.note ?? 'not measured'}`
      : figure.passed
        ? 'met'
        : '**missed**';

const escape = (text) => String(text).replaceAll('|', '\\|');

const loadText = (figure) =>
  figure.loadAverage ? `${figure.loadAverage.start} → ${figure.loadAverage.end}` : '—';

export function markdownReport(report) {
  const { run, machine, versions, figures } = report;
  const lines = [
    `# Benchmark results${run.smoke ? ' (smoke run: only the counts, each judged)' : ''}`,
    '',
    `${run.finishedAt} · commit ${run.commit ?? 'unknown'}${run.uncommittedChanges ? ' (with uncommitted changes)' : ''} · ${Math.round(run.seconds)} s · \`${run.command}\``,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel ?? 'CPU'}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}` +
      `${machine.chromium ? `, ${machine.chromium}` : ''}; load average at start ${machine.loadAverageAtStart.join(' / ')}.`,
    '',
    `The screen's figures (Lighthouse, first pin, tap to price) ran with the CPU slowed ${run.cpuSlowdown ?? 4}×.`,
    '',
    `Versions: ${Object.entries(versions)
      .filter(([, version]) => version)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    '',
    '| figure | budget | result (median, min–max over rounds) | load average (1 min), start → end | verdict |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${escape(f.title)} | ${escape(f.budget ?? '')} | ${escape(f.result ?? '—')} | ${loadText(f)} | ${escape(verdict(f))} |`,
    ),
    '',
    'Ratios and differences are taken per round from runs made side by side (A B A B) in this one',
    'run; absolute numbers below are context for this machine only and are never asserted.',
    '',
  ];
  for (const figure of figures) {
    if (!figure.absolute && !figure.chunks && !figure.figures) continue;
    lines.push(
      `## ${figure.title}`,
      '',
      '```json',
      JSON.stringify(
        { plan: figure.plan, figures: figure.figures, absolute: figure.absolute },
        null,
        2,
      ),
      '```',
      '',
    );
    if (figure.chunks) {
      lines.push(
        '| script | holds (by marker strings) | KB transferred | KB uncompressed | encoding |',
        '|---|---|---|---|---|',
      );
      for (const chunk of figure.chunks) {
        lines.push(
          `| \`${chunk.path}\` | ${chunk.holds ?? ''} | ${chunk.kb} | ${chunk.decodedKb} | ${chunk.encoding} |`,
        );
      }
      lines.push('');
    }
    if (figure.diagnostics) {
      lines.push(
        'Diagnostics (one run):',
        '',
        '```json',
        JSON.stringify(figure.diagnostics, null, 2),
        '```',
        '',
      );
    }
    if (figure.failedAccessibilityAudits?.length) {
      lines.push(
        `Failed accessibility audits: ${figure.failedAccessibilityAudits.join(', ')}.`,
        '',
      );
    }
  }
  return lines.join('\n');
}
