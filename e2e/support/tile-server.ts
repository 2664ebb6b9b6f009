import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';

/**
 * The host the browser tests' servers take their map tiles from (NEXT_PUBLIC_TILE_URL in
 * server-env.ts). It resolves nowhere: each worker's browser maps it to that worker's own tile
 * server (`hostRules`), so a test's tiles are answered by a real HTTP server, as OpenStreetMap's
 * are, without a route on every request of the page.
 */
export const TILE_HOST = 'tiles.e2e.test';

const TILE = readFileSync(join(__dirname, '..', 'fixtures', 'tile.png'));

/** Headers OpenStreetMap's tile servers send that the app's worker reads. */
export const TILE_HEADERS = {
  'access-control-allow-origin': '*',
  'cache-control': 'max-age=604800',
};

/**
 * The stand-in tile server a test sees. It answers as OpenStreetMap's does: a PNG with
 * `Access-Control-Allow-Origin: *` and a week of caching. Tests may take it down, and read which
 * tiles it was asked for.
 */
export interface TileServer {
  /** False: every request is cut off unanswered, as with no network. */
  reachable: boolean;
  /** Tile paths answered, in order. */
  served: string[];
  /** Tile paths cut off while unreachable. */
  refused: string[];
}

export interface WorkerTileServer extends TileServer {
  port: number;
  /** Reachable again, with empty logs and no connection kept from the last test. */
  reset(): void;
  close(): Promise<void>;
}

export async function startTileServer(): Promise<WorkerTileServer> {
  const sockets = new Set<Socket>();
  const state = {
    reachable: true,
    served: [] as string[],
    refused: [] as string[],
  };
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (!state.reachable) {
      state.refused.push(path);
      request.socket.destroy();
      return;
    }
    if (!/\.png(\?|$)/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    state.served.push(path);
    response.writeHead(200, { 'content-type': 'image/png', ...TILE_HEADERS }).end(TILE);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    port: (server.address() as AddressInfo).port,
    reset() {
      state.reachable = true;
      state.served = [];
      state.refused = [];
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/**
 * Chromium's host rules for a worker's browser: the tile host goes to its tile server, and every
 * other name but the loopback's resolves to nothing, so no test reaches the internet.
 */
export const hostRules = (tilePort: number) =>
  `--host-resolver-rules=MAP ${TILE_HOST} 127.0.0.1:${tilePort},MAP * ~NOTFOUND,EXCLUDE 127.0.0.1,EXCLUDE localhost`;
