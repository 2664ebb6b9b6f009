// After `next build`: each script chunk of the build (`<distDir>/static/chunks/*.js`) starts with
// V8's explicit compile hint, `//# allFunctionsCalledOnLoad` (Chromium 136 and later; any other
// engine reads a comment). Without it V8 compiles a function the first time it is called, on the
// main thread: Turbopack wraps every module in a function, so the screen's first script run
// compiled all of its modules there, in one task (330 of 570 ms on a tablet slowed 4×, the
// largest single piece of the screen's Total Blocking Time). With it, V8 compiles the chunk's
// functions as the script streams in, on a background thread. Measured side by side in
// docs/performance.md ("Chunks compiled as they stream in"). Run by scripts/build-if-needed.mjs
// after each build, and by `npm run build` (its `postbuild`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The magic comment, which V8 reads only on a script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** `source` with the hint as its first line, once. */
export function withCompileHint(source) {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

/** Every script chunk under `distDir` given the hint; how many were changed. */
export function addCompileHints(distDir) {
  const chunks = join(distDir, 'static', 'chunks');
  let changed = 0;
  for (const name of readdirSync(chunks, { recursive: true })) {
    if (!String(name).endsWith('.js')) continue;
    const file = join(chunks, String(name));
    const source = readFileSync(file, 'utf8');
    const hinted = withCompileHint(source);
    if (hinted === source) continue;
    writeFileSync(file, hinted);
    changed++;
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = join(import.meta.dirname, '..', process.env.NEXT_DIST_DIR || '.next');
  console.log(`compile hints: ${addCompileHints(distDir)} script chunks marked`);
}
