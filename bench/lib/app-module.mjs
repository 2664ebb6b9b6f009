// The app's own TypeScript, for the bench to use as the app does (the seeded records' search text
// as searchTextOf builds it, their links sealed as the store seals them): bundled in memory by
// esbuild (a dependency of the app) with the project's `@/` alias, then imported.
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT } from './app-server.mjs';

/** The exports of `path` (from the project's root), e.g. 'lib/quote-records/search-text.ts'. */
export async function importAppModule(path) {
  const result = await build({
    entryPoints: [join(ROOT, path)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    alias: { '@': ROOT },
    // `server-only` is empty for the server's own code (React's server condition).
    conditions: ['react-server'],
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
