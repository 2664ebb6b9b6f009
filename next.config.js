// @ts-check
const { staticHeaderRules } = require('./lib/security/static-headers');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Keeps server-only packages out of the bundler: they run in Node as they are. esbuild builds the
  // service worker (app/sw.js/route.ts) at `next build`, as Serwist's withSerwist() would add.
  // PGlite loads its WASM and data files from its own package directory; pg has optional native
  // parts a bundler should not chase.
  serverExternalPackages: ['pino', 'esbuild', '@electric-sql/pglite', 'pg'],
  // A second build beside the main one (e.g. a helper's) can go elsewhere; the app reads no env here.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // One type check: builds made by scripts/build-if-needed.mjs (the browser tests, the bench, the
  // soak, `npm start`) skip Next's, which is `tsc` over this tsconfig after writing the route types
  // — exactly what `npm run typecheck` (next typegen, then tsc --noEmit) does, first in `npm test`.
  // The emitted JavaScript is the same either way; a plain `npm run build` still checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  experimental: {
    // The app (app/(app)) and the customer's link (app/(customer)) each have a root layout of their
    // own; an address with neither gets app/global-not-found.tsx, in the visitor's language.
    globalNotFound: true,
    // Turbopack's build cache (.next/cache, on by default since Next 16.4) speeds up the next build
    // of a changed tree; a CI run builds a clean clone once and never reads it, so
    // build-if-needed.mjs turns it off there (NEXT_BUILD_CACHE=0): about a fifth of the build's
    // CPU, and 118 MB unwritten.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== '0',
  },
  turbopack: {
    // The browser gets the catalogs compiled ahead of time (lib/i18n/precompile-messages.js) and
    // use-intl's formatter for compiled messages only: no ICU parser in the bundle.
    resolveAlias: { 'use-intl/format-message': 'use-intl/format-message/format-only' },
    rules: {
      // The browser's validation of the quote and sign-in forms: esbuild tree-shakes zod/mini,
      // Turbopack does not (lib/build/bundle-with-esbuild.js).
      '*.ts': {
        condition: {
          path: /(^|[\\/])(lib[\\/]quote[\\/]browser-validation|components[\\/]session[\\/]sign-in-check)\.ts$/,
        },
        loaders: [require.resolve('./lib/build/bundle-with-esbuild.js')],
        as: '*.js',
      },
      '*.json': {
        condition: { path: /(^|[\\/])messages[\\/][^\\/]+\.json$/ },
        loaders: [require.resolve('./lib/i18n/precompile-messages.js')],
        as: '*.js',
      },
    },
  },
  // Security headers that never change, on every response; pages get their nonce'd policy from
  // proxy.ts.
  async headers() {
    return staticHeaderRules();
  },
};

module.exports = nextConfig;
