// `npm start`: builds for production when the sources changed since the last build, then serves
// the app (and the built-in courier under /courier) on PORT, 3000 by default, through
// scripts/serve.mjs: Next's own handler behind a server that tells the app each client's address.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('./serve.mjs');
