import { Agent, createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONNECTION_LIMITS,
  deadlineOptions,
  limitConnections,
  type ConnectionLimits,
} from '@/lib/http/connection-limits.mjs';

/**
 * The caps per connecting address of scripts/serve.mjs, on a small HTTP server whose every answer
 * takes 100 ms, with raw connections from loopback addresses of their own. The flood against the
 * real app is connection-flood.test.ts.
 */

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function start(limits: Partial<ConnectionLimits>) {
  let running = 0;
  const figures = { mostAtOnce: 0 };
  const server = createServer(deadlineOptions(), (request, response) => {
    admit(request, response, () => {
      figures.mostAtOnce = Math.max(figures.mostAtOnce, ++running);
      setTimeout(() => {
        running -= 1;
        response.end(request.url);
      }, 100);
    });
  });
  const { front, admit } = limitConnections(server, {
    limits: { ...CONNECTION_LIMITS, ...limits },
  });
  servers.push(server);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  server.once('close', () => front.close());
  return { port, figures, close: () => front.close() };
}

/** One request on a connection of its own from `from`: when its answer came, or 'reset'. */
function ask(port: number, from: string, path: string, started = performance.now()) {
  return new Promise<number | 'reset'>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
    socket.once('data', () => resolve(performance.now() - started));
    socket.once('error', () => resolve('reset'));
    socket.once('close', () => resolve('reset'));
  });
}

describe('connections and requests per address', () => {
  it('one address runs at most its share of requests at once; the rest wait, none is lost', async () => {
    const { port, figures } = await start({ requestsPerAddress: 4 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ask(port, '127.0.8.1', `/${i}`)),
    );
    expect(answers.every((answer) => answer !== 'reset')).toBe(true);
    expect(figures.mostAtOnce).toBeLessThanOrEqual(4);
  });

  it('beyond its connections, an address waits unread, and beyond those it is closed', async () => {
    const { port } = await start({ connectionsPerAddress: 2, heldPerAddress: 2 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ask(port, '127.0.8.2', `/${i}`)),
    );
    expect(answers.filter((answer) => answer === 'reset')).toHaveLength(1);
  });

  it('another address is answered at once while one address floods', async () => {
    const { port } = await start({ requestsPerAddress: 4 });
    const flood = Array.from({ length: 40 }, (_, i) => ask(port, '127.0.8.3', `/flood-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Its request starts at once: the flood's backlog yields to it.
    const other = await ask(port, '127.0.8.4', '/mine');
    expect(other).not.toBe('reset');
    expect(other as number).toBeLessThan(400);
    await Promise.all(flood);
  });

  it('this host’s own connections (the app calling its built-in courier) are not limited', async () => {
    const { port, figures } = await start({ requestsPerAddress: 1, connectionsPerAddress: 1 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ask(port, '127.0.0.1', `/${i}`)),
    );
    expect(answers.every((answer) => answer !== 'reset')).toBe(true);
    expect(figures.mostAtOnce).toBe(6);
  });
});

describe('answers on a kept-alive connection', () => {
  it("come without waiting for the client's delayed ACK: Nagle's algorithm is off", async () => {
    // The head, then the body in a write of its own, as Next streams an answer.
    const server = createServer(deadlineOptions(), (request, response) => {
      admit(request, response, () => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.flushHeaders();
        setImmediate(() => response.end('ok'));
      });
    });
    const { front, admit } = limitConnections(server);
    servers.push(server);
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    server.once('close', () => front.close());
    const { port } = front.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        request({ port, host: '127.0.0.1', path: '/', agent }, (response) => {
          response.resume();
          response.once('end', () => resolve(performance.now() - started));
        })
          .once('error', reject)
          .end();
      });
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await get());
    agent.destroy();
    // With it on, past a connection's first few answers each body waited for the client's
    // delayed ACK of the head: 40 ms or more on Linux (48 ms a request seen through the app).
    // Without, well under a millisecond here; the bound leaves room for a loaded machine.
    const settled = times.slice(5).sort((a, b) => a - b);
    expect(settled[Math.floor(settled.length / 2)]).toBeLessThan(20);
  });
});
