import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as FetchUpstream from './fetch-upstream';

/**
 * The one upstream call of the geocoders, the routers and the courier client, against a real
 * loopback server that answers each path its own way.
 */

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];
const sockets = new Set<Socket>();
/** Whether the server saw the client hang up before it had written all it meant to. */
let cutShort: Promise<boolean>;

const answers: Record<string, Answer> = {
  '/echo': (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method, headers: request.headers, body });
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ got: body, query: request.url }));
    });
  },
  '/silent': () => {},
  '/stalls-after-headers': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"partial":');
  },
  '/endless': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    cutShort = new Promise((resolve) => {
      const more = () => {
        while (written < 16 * 1024 * 1024) {
          written += chunk.byteLength;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
        resolve(false);
      };
      response.once('close', () => resolve(written < 16 * 1024 * 1024));
      more();
    });
  },
  '/breaks-off': (request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.write('<html>');
    setTimeout(() => request.socket.destroy(), 20);
  },
};

const server = createServer((request, response) => {
  const path = new URL(request.url!, 'http://x').pathname;
  (answers[path] ?? answers['/echo']!)(request, response);
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});
let base: string;

let fetchUpstream: typeof FetchUpstream.fetchUpstream;
let describeUpstreamFailure: typeof FetchUpstream.describeUpstreamFailure;
let UpstreamFailure: typeof FetchUpstream.UpstreamFailure;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Node's own fetch first, as in a server where a page fetched something before any upstream
  // call: Node's bundled undici then owns the global dispatcher, and the helper must not use it.
  await (await fetch(`${base}/echo`)).text();
  ({ fetchUpstream, describeUpstreamFailure, UpstreamFailure } = await import('./fetch-upstream'));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should have failed'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(UpstreamFailure);
      return error as FetchUpstream.UpstreamFailure;
    },
  );

const LIMITS = { timeoutMs: 300, maxBytes: 64 * 1024 };

describe('an upstream call', () => {
  it('sends the method, headers, body and query, and returns any status with its whole body (after Node’s fetch ran)', async () => {
    const answer = await fetchUpstream(new URL(`${base}/echo?at=1,2&at=3,4`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'DispatchQuote/test' },
      body: '{"a":1}',
      ...LIMITS,
    });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ got: '{"a":1}', query: '/echo?at=1,2&at=3,4' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      headers: { 'user-agent': 'DispatchQuote/test', 'content-type': 'application/json' },
    });
  });

  it('a server that never answers is a timeout once the deadline passes, not later', async () => {
    const started = performance.now();
    // "Not later" is judged against a timer of the test's own, set for the same deadline at the
    // same moment: a busy machine delays both alike, where a bound on the clock failed under load.
    const deadlinePassed = new Promise<number>((resolve) =>
      setTimeout(() => resolve(performance.now()), LIMITS.timeoutMs),
    );
    const failure = await failureOf(
      fetchUpstream(new URL(`${base}/silent`), { headers: {}, ...LIMITS }),
    );
    const ended = performance.now();
    expect(failure.kind).toBe('timeout');
    expect(failure.status).toBeUndefined();
    expect(ended - started).toBeGreaterThanOrEqual(290);
    expect(ended - (await deadlinePassed)).toBeLessThan(150);
  });

  it('the deadline covers the body too: headers then silence is a timeout, with the status', async () => {
    const failure = await failureOf(
      fetchUpstream(new URL(`${base}/stalls-after-headers`), { headers: {}, ...LIMITS }),
    );
    expect(failure).toMatchObject({ kind: 'timeout', status: 200 });
  });

  it('a body past the cap is too large, and the connection is hung up rather than read to its end', async () => {
    const failure = await failureOf(
      fetchUpstream(new URL(`${base}/endless`), { headers: {}, timeoutMs: 5_000, maxBytes: 1024 }),
    );
    expect(failure).toMatchObject({ kind: 'too_large', status: 200 });
    expect(await cutShort).toBe(true);
  });

  it('a closed port is unreachable, with the connection’s own code', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await failureOf(
      fetchUpstream(new URL(`http://127.0.0.1:${port}/`), { headers: {}, ...LIMITS }),
    );
    expect(failure).toMatchObject({ kind: 'unreachable', code: 'ECONNREFUSED' });
    expect(failure.status).toBeUndefined();
  });

  it('an answer that breaks off after its headers is broken off, with its status', async () => {
    const failure = await failureOf(
      fetchUpstream(new URL(`${base}/breaks-off`), { headers: {}, ...LIMITS }),
    );
    expect(failure).toMatchObject({ kind: 'broken_off', status: 502 });
    expect(failure.code).toMatch(/^UND_ERR_/);
  });
});

describe('how a failure is worded for a geocoder’s or a router’s error', () => {
  it('a timeout, a body too large, an answer broken off, a server out of reach', () => {
    const worded: Record<FetchUpstream.UpstreamFailureKind, [string, string]> = {
      timeout: ['timeout', 'osrm did not answer within 300 ms'],
      too_large: ['invalid_response', 'osrm sent more than 65536 bytes'],
      broken_off: ['unreachable', 'osrm broke off its answer'],
      unreachable: ['unreachable', 'osrm could not be reached'],
    };
    for (const [kind, [failure, message]] of Object.entries(worded)) {
      const upstream = new UpstreamFailure(kind as FetchUpstream.UpstreamFailureKind);
      expect(describeUpstreamFailure('osrm', upstream, LIMITS), kind).toEqual({ failure, message });
    }
  });
});
