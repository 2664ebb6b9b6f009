import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { declarePeerAddressStamping, stampPeerAddress } from '@/lib/http/peer-address.mjs';
import { seedEmbeddedDatabase } from './embedded-database';

/**
 * Serves the app's route handlers (every `app/**\/route.ts`) over real HTTP on a loopback port, the
 * way Next maps them, so contract tests exercise real requests without a production build. Like
 * scripts/serve.mjs it stamps each request with the connection's address; clients may connect
 * from any loopback address (127.0.0.2, …) to be told apart. Playwright covers the same handlers
 * inside the production server.
 */

const APP_DIR = join(import.meta.dirname, '..', '..', 'app');
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;
type RouteModule = Partial<Record<Method, Handler>>;
interface Route {
  pattern: RegExp;
  paramNames: string[];
  load: () => Promise<RouteModule>;
}

/** A directory of its own for each server's sign-outs (a test restarting a server passes it on). */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'dispatch-quote-data-'));
}

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(path);
    return /^route\.(ts|tsx|js)$/.test(entry.name) ? [path] : [];
  });
}

function routeFor(file: string): Route {
  const segments = relative(APP_DIR, file).split(sep).slice(0, -1);
  const paramNames: string[] = [];
  const parts = segments
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => {
      const dynamic = /^\[(.+)\]$/.exec(segment);
      if (!dynamic) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(dynamic[1]!);
      return '([^/]+)';
    });
  return {
    pattern: new RegExp(`^/${parts.join('/')}/?$`),
    paramNames,
    load: () => import(/* @vite-ignore */ file) as Promise<RouteModule>,
  };
}

/**
 * The request body, read whole before the route runs (so concurrent requests reach their routes
 * in the order they arrive); a client that hangs up mid-body gets a body that fails when read, as
 * Next's does, so the route sees the hang-up.
 */
async function bodyOf(incoming: IncomingMessage): Promise<BodyInit> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    return new ReadableStream<Uint8Array>({ start: (controller) => controller.error(error) });
  }
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = !['GET', 'HEAD'].includes(incoming.method ?? 'GET');
  return new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    body: hasBody ? await bodyOf(incoming) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

export interface AppServer {
  url: string;
  origin: string;
  close: () => Promise<void>;
}

/**
 * Starts the server. `env` is applied to process.env before any route module loads, after the port
 * is known: `COURIER_BASE_URL` may use `{origin}` to point the app at this same server, and `PORT`
 * `{port}` (the built-in courier, unnamed, is then this server's own).
 */
export async function startAppServer(
  env: Record<string, string | undefined> = {},
): Promise<AppServer> {
  // Nothing of another test file's server in this process leaks in: every server states these.
  const ownDataDir = env.DATA_DIR === undefined ? freshDataDir() : undefined;
  env = { TRUST_PROXY: '0', DATABASE_URL: undefined, DATA_DIR: ownDataDir, ...env };
  // Quote records in the embedded database: a copy of a migrated one (a first start is slow).
  if (!env.DATABASE_URL && env.DATA_DIR && !existsSync(join(env.DATA_DIR, 'pglite'))) {
    await seedEmbeddedDatabase(env.DATA_DIR);
  }
  // The app's modules (and its open database) live as long as the test process: so does the copy.
  if (ownDataDir) process.once('exit', () => rmSync(ownDataDir, { recursive: true, force: true }));
  const routes = findRouteFiles(APP_DIR).map(routeFor);
  let origin = '';
  declarePeerAddressStamping();
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      stampPeerAddress(incoming);
      const request = await toRequest(incoming, origin);
      const path = new URL(request.url).pathname;
      for (const route of routes) {
        const match = route.pattern.exec(path);
        if (!match) continue;
        const routeModule = await route.load();
        const handler = routeModule[request.method as Method];
        if (!handler) {
          await writeResponse(new Response(null, { status: 405 }), outgoing);
          return;
        }
        const params = Object.fromEntries(route.paramNames.map((name, i) => [name, match[i + 1]!]));
        await writeResponse(await handler(request, { params: Promise.resolve(params) }), outgoing);
        return;
      }
      await writeResponse(new Response('Not found', { status: 404 }), outgoing);
    } catch (error) {
      // Next would answer a bare 500 too; tests assert this never happens.
      console.error('route handler threw:', error);
      outgoing.writeHead(500, { 'content-type': 'text/plain' });
      outgoing.end('Internal Server Error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else
      process.env[name] = value.replaceAll('{origin}', origin).replaceAll('{port}', String(port));
  }
  if (!env.DATABASE_URL) {
    // As `npm start` migrates at start: the first quote never waits for PGlite to open.
    await (await import('@/lib/db/connect')).database().ready();
  }
  return {
    url: origin,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
