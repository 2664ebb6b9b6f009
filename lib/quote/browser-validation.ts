/**
 * What the screen validates the quote form with, fetched at the dispatcher's first touch
 * (components/quote/lazy-quote-resolver.ts): the shared schema and its react-hook-form resolver.
 * next.config.js has esbuild bundle this module (lib/build/bundle-with-esbuild.js), which keeps of
 * zod only what the schema uses; Turbopack would ship all of zod's core.
 */
export { zodResolver } from '@hookform/resolvers/zod';
export { quoteRequestSchema } from './schema';
