// `npm start`: builds for production when the sources changed since the last build, then serves
// the app (and the built-in courier under /courier) on PORT, 3000 by default.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const port = process.env.PORT || '3000';
const server = spawn('npx', ['next', 'start', '--port', port], {
  cwd: join(import.meta.dirname, '..'),
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
