#!/usr/bin/env node
// `npm run db:migrate`: applies the quote records' migrations (lib/db/migrations) to the
// configured database, the same ones every instance runs when it starts. For a deployment that
// migrates before starting new instances. The TypeScript is bundled by esbuild first (the app's
// own modules, its packages left to Node), as the app itself is by Next.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');
// Inside node_modules, so that the bundle's packages resolve from the project's.
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'dispatch-quote');
const OUT = join(OUT_DIR, 'db-migrate.mjs');

mkdirSync(OUT_DIR, { recursive: true });
await build({
  entryPoints: [join(ROOT, 'lib', 'db', 'migrate-command.ts')],
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  absWorkingDir: ROOT,
  logLevel: 'warning',
  plugins: [
    {
      // Next's marker against importing server code into the browser: this is the server.
      name: 'server-only',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^server-only$/ }, () => ({
          path: 'server-only',
          namespace: 'empty',
        }));
        esbuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '' }));
      },
    },
  ],
});
await import(pathToFileURL(OUT).href);
