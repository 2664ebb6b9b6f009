// @ts-check
/**
 * Compiles the catalogs of messages/*.json ahead of time (next.config.js applies this as a
 * Turbopack loader): each ICU message becomes icu-minify's compact form, so the browser formats it
 * with use-intl's small "format-only" formatter and never downloads or runs an ICU parser.
 * Plain texts stay plain strings. Vitest and scripts read the JSON as it is, with the full parser.
 *
 * CommonJS because Next's loader runner requires it; icu-minify is ESM-only, hence the import().
 */

/**
 * @param {unknown} tree a catalog, or part of one
 * @param {(message: string) => unknown} compile icu-minify/compile
 * @returns {unknown}
 */
function compileCatalog(tree, compile) {
  if (typeof tree === 'string') return compile(tree);
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    throw new TypeError('a message catalog holds only texts and groups of texts');
  }
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, compileCatalog(value, compile)]),
  );
}

/**
 * The loader: JSON text in, a JavaScript module exporting the compiled catalog out.
 * @this {{ async(): (error: unknown, result?: string) => void }}
 * @param {string} source
 */
function precompileMessagesLoader(source) {
  const done = this.async();
  import('icu-minify/compile').then(
    ({ default: compile }) => {
      try {
        const compiled = compileCatalog(JSON.parse(source), compile);
        done(null, `export default ${JSON.stringify(compiled)};\n`);
      } catch (error) {
        done(error);
      }
    },
    (error) => done(error),
  );
}

module.exports = precompileMessagesLoader;
module.exports.compileCatalog = compileCatalog;
