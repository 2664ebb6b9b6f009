// @ts-check
/**
 * A Turbopack loader (next.config.js) that hands one module to esbuild and gives Turbopack the
 * bundle: for code whose library Turbopack cannot tree-shake. zod/mini is built for bundlers that
 * drop what a schema does not use, but Turbopack keeps all of zod's core (65 KB before
 * compression); esbuild keeps what the quote schema uses (≈ 20 KB). The module's own imports
 * stay shared with the rest of the app where they must be one copy (react-hook-form), everything
 * else is bundled in. Each file esbuild read is declared, so a change to the schema rebuilds it.
 *
 * CommonJS because Next's loader runner requires it.
 */
const { resolve } = require('node:path');

/** Imports left to Turbopack: one copy for the whole app. */
const SHARED = ['react', 'react-hook-form', '@hookform/resolvers'];

/**
 * @this {{ async(): (error: unknown, result?: string) => void, resourcePath: string,
 *   addDependency(file: string): void }}
 */
function bundleWithEsbuild() {
  const done = this.async();
  const entry = this.resourcePath;
  import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        // Turbopack minifies the result with everything else; esbuild only drops unused code.
        minifySyntax: true,
        treeShaking: true,
        external: SHARED,
        metafile: true,
        logLevel: 'silent',
        absWorkingDir: resolve(__dirname, '..', '..'),
      }),
    )
    .then(
      (result) => {
        for (const input of Object.keys(result.metafile.inputs)) {
          this.addDependency(resolve(__dirname, '..', '..', input));
        }
        done(null, result.outputFiles[0].text);
      },
      (error) => done(error),
    );
}

module.exports = bundleWithEsbuild;
