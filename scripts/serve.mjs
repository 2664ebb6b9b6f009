// Serves the production build the way `next start` does, through Next's own request handler, from
// a Node HTTP server of ours that first writes the connection's address into each request
// (lib/http/peer-address.mjs). Next hands route handlers a Web Request with no socket, and sets
// X-Forwarded-For from the socket only when the client did not send one: without this server a
// client's own X-Forwarded-For would choose its rate-limit bucket (README, "Addresses and proxies").
//
//   node scripts/serve.mjs [--port 3000] [--hostname 0.0.0.0]
//
// `npm start` (scripts/start.mjs), the browser tests, the bench and the soak all start it.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import next from 'next';
import { deadlineOptions, limitConnections } from '../lib/http/connection-limits.mjs';
import { declarePeerAddressStamping, stampPeerAddress } from '../lib/http/peer-address.mjs';
import { createStaticBrotli } from '../lib/http/static-brotli.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: process.env.PORT || '3000' },
    hostname: { type: 'string', short: 'H' },
  },
});
const port = Number(args.port);
const hostname = args.hostname;

/** Methods no route of the app answers, refused before Next so they never reach its error log. */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

process.env.NODE_ENV = 'production';
// lib/env.ts derives the built-in courier's address from PORT, as `next start --port` lets it.
process.env.PORT = String(port);
declarePeerAddressStamping();
const app = next({ dev: false, dir: join(import.meta.dirname, '..'), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
// The build's scripts and styles go out with brotli: compressed (or read from the copies kept by
// an earlier start) before the server listens.
const distDir = join(import.meta.dirname, '..', process.env.NEXT_DIST_DIR || '.next');
const staticBrotli = createStaticBrotli(
  join(distDir, 'static'),
  join(distDir, 'cache', 'static-brotli'),
);
await staticBrotli.prepare();

// Deadlines on headers and bodies, and caps per connecting address (lib/http/connection-limits.mjs):
// `front` accepts the connections and hands them to this server. Behind trusted proxies every
// connection comes from one of them, so the caps are theirs to keep.
const server = createServer(deadlineOptions(), (request, response) => {
  if (REFUSED_METHODS.has(request.method ?? '')) {
    response.writeHead(405, { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' });
    response.end();
    return;
  }
  stampPeerAddress(request);
  admit(request, response, () => {
    staticBrotli.take(request, response);
    void handle(request, response);
  });
});
const { front, admit } = limitConnections(server, {
  perAddress: !(Number(process.env.TRUST_PROXY) > 0),
});
front.listen(port, hostname, async () => {
  await warmUp();
  const shown = hostname && hostname !== '0.0.0.0' ? hostname : 'localhost';
  console.log(`Dispatch Quote ready on http://${shown}:${port}`);
});

/**
 * The first page a fresh process renders costs about four times the next one (178 against 44 ms
 * for the signed-in screen here: React's server renderer and the app's modules run for the first
 * time). Two pages are asked of the server itself as soon as it listens, so the day's first
 * dispatcher does not pay it: the sign-in page, and the screen (which, with no session, sends to
 * sign in). Best effort, a few seconds at most; no session, no courier call, nothing rate-limited.
 */
async function warmUp() {
  const self = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  const origin = `http://${self.includes(':') ? `[${self}]` : self}:${port}`;
  for (const path of ['/sign-in', '/']) {
    try {
      const response = await fetch(`${origin}${path}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
    } catch {
      // A server that cannot answer itself yet answers its first dispatcher cold, as before.
    }
  }
}

function shutDown() {
  front.close(() => process.exit(0));
  server.closeIdleConnections();
  // Requests still in flight get a few seconds to finish.
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);
