import { createSerwistRoute } from '@serwist/turbopack';

/**
 * The service worker at /sw.js (scope `/` without a Service-Worker-Allowed header), built once at
 * `next build` by Serwist's Turbopack integration: esbuild bundles lib/offline/service-worker.ts
 * with the list of this build's files (.next/static) to precache, and Next prerenders the answer.
 * next.config.js sends it with `Cache-Control: no-cache`, so a new build's worker is found.
 */
const serwist = createSerwistRoute({
  swSrc: 'lib/offline/service-worker.ts',
  useNativeEsbuild: true,
  // The build's own files only: the icons of public/ are the installed app's, not the screen's.
  globIgnores: ['public/**/*'],
  esbuildOptions: { sourcemap: false },
});

export const dynamic = 'force-static';

export async function GET(request: Request) {
  const response = await serwist.GET(request, { params: Promise.resolve({ path: 'sw.js' }) });
  // Served from the root, its scope is the whole app already: no Service-Worker-Allowed needed.
  response.headers.delete('service-worker-allowed');
  return response;
}
