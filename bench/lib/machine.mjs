// What the figures were measured on: the machine, the runtime and the libraries.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './browser.mjs';
import { ROOT } from './app-server.mjs';

const PACKAGES = [
  'next',
  'react',
  'react-dom',
  'zod',
  'leaflet',
  'react-leaflet',
  '@tanstack/react-query',
  'react-hook-form',
  'use-intl',
  'undici',
  'iron-session',
  'jose',
  'pino',
  'autocannon',
  'tinybench',
  'lighthouse',
  'playwright-core',
];

const quiet = (run) => {
  try {
    return run();
  } catch {
    return undefined;
  }
};

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim(),
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: quiet(() =>
      execFileSync(chromiumPath(), ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    ),
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

export function describeVersions() {
  return Object.fromEntries(
    PACKAGES.map((name) => [
      name,
      quiet(
        () =>
          JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'))
            .version,
      ),
    ]),
  );
}

export function describeSource() {
  const git = (...args) =>
    quiet(() => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim());
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    // Unknown (no git) counts as changed. Untracked files count too (they may be sources);
    // ignored ones (build output, results) do not.
    uncommittedChanges: git('status', '--porcelain') !== '',
  };
}
