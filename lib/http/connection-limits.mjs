// What one address may hold of the HTTP server that runs the app (scripts/serve.mjs): a few
// connections and fewer requests at once, so that a flood from one address waits behind itself
// while everyone else is answered. Plain JavaScript so that Node runs scripts/serve.mjs as it is;
// not server-only for the same reason (it holds no secret).
import { createServer as createNetServer } from 'node:net';
import { normalizeAddress } from './peer-address.mjs';

/**
 * The limits (README, "Connection floods"). A browser opens at most 6 connections to a host and
 * an office behind one NAT address several browsers, so the connection cap counts busy
 * connections: an idle keep-alive one of the same address is closed to make room first.
 */
/**
 * @typedef {{ connectionsPerAddress: number, heldPerAddress: number, requestsPerAddress: number,
 *   yieldAtMostMs: number, quietBeforeBackloggedMs: number, requestsWhileBacklogged: number,
 *   headersTimeoutMs: number, requestTimeoutMs: number, keepAliveTimeoutMs: number,
 *   checkingIntervalMs: number }} ConnectionLimits
 */

/** @type {Readonly<ConnectionLimits>} */
export const CONNECTION_LIMITS = Object.freeze({
  /** Open connections from one address served at once (an idle one of them is closed first). */
  connectionsPerAddress: 64,
  /**
   * Connections beyond those, held unread until one of the address's others closes (or their
   * headers deadline ends them): a flood that reconnects as fast as it can would cost the server
   * an accept and a refusal each time; held, it waits.
   */
  heldPerAddress: 256,
  /** Requests from one address handled at once; the rest wait in arrival order. */
  requestsPerAddress: 4,
  /**
   * How long an address with requests waiting yields to the requests of addresses without
   * (limitConnections) before its oldest starts anyway.
   */
  yieldAtMostMs: 2_000,
  /** How long no other request must have run before an address with a backlog starts one. */
  quietBeforeBackloggedMs: 25,
  /** Requests at once of an address with a backlog. */
  requestsWhileBacklogged: 1,
  /** A request's headers must have arrived this long after the connection opened or went busy. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** How often the server looks for requests past their deadlines. */
  checkingIntervalMs: 1_000,
});

/**
 * Connections from this host itself are not limited: the app's own calls to its built-in courier
 * (http://127.0.0.1:PORT/courier) and a local reverse proxy that TRUST_PROXY was not told about,
 * where limiting the one address would limit every client together.
 */
const UNLIMITED = new Set(['127.0.0.1', '::1']);

/** The options of node:http's createServer that put deadlines on headers and bodies. */
export function deadlineOptions(limits = CONNECTION_LIMITS) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkingIntervalMs,
  };
}

/**
 * Accepts the connections of `server` (an HTTP server that does not listen itself) and hands
 * them over within the caps per connecting address. Returns `front`, the net.Server to listen
 * on, and `admit(request, response, handle)`, which runs `handle` at once or when one of its
 * address's requests ends. `perAddress: false` (behind trusted proxies, where every connection
 * comes from one of them) turns the caps off; the deadlines hold either way.
 *
 * @param {import('node:http').Server} server
 * @param {{ perAddress?: boolean, limits?: ConnectionLimits }} [options]
 */
export function limitConnections(server, { perAddress = true, limits = CONNECTION_LIMITS } = {}) {
  /** @typedef {import('node:net').Socket} Socket */
  /** @type {Map<string, { sockets: Set<Socket>, held: Socket[], running: number, waiting: Array<{ since: number, start: (light: boolean) => void }> }>} */
  const byAddress = new Map();
  /** Keep-alive connections between requests (a new one is not idle before its first answer). */
  const idle = new WeakSet();
  const stateOf = (address) => {
    let state = byAddress.get(address);
    if (!state) {
      state = { sockets: new Set(), held: [], running: 0, waiting: [] };
      byAddress.set(address, state);
    }
    return state;
  };
  const forget = (address, state) => {
    if (
      state.sockets.size === 0 &&
      state.held.length === 0 &&
      state.running === 0 &&
      state.waiting.length === 0
    ) {
      byAddress.delete(address);
    }
  };
  const limited = (address) => perAddress && !UNLIMITED.has(address);

  /** From here on the HTTP server reads the connection (with its deadlines). */
  const handOver = (socket) => {
    server.emit('connection', socket);
    socket.resume();
  };
  const serve = (address, state, socket) => {
    state.sockets.add(socket);
    socket.once('close', () => {
      state.sockets.delete(socket);
      if (state.sockets.size < limits.connectionsPerAddress) {
        const next = state.held.shift();
        if (next) serve(address, state, next);
      }
      forget(address, state);
    });
    handOver(socket);
  };
  const hold = (address, state, socket) => {
    state.held.push(socket);
    // Nothing is read from it while it waits, so its headers deadline is kept here.
    const deadline = setTimeout(() => socket.destroy(), limits.headersTimeoutMs).unref();
    socket.once('close', () => {
      clearTimeout(deadline);
      const at = state.held.indexOf(socket);
      if (at >= 0) state.held.splice(at, 1);
      forget(address, state);
    });
    socket.once('resume', () => clearTimeout(deadline));
  };

  // Connections arrive unread (pauseOnConnect): one held back costs a file descriptor, no reads.
  // Nagle's algorithm off, as node:http's own listener sets it (its `noDelay` reaches only the
  // connections it accepts itself): with it on, an answer written in two parts (head, then body)
  // waited for the client's delayed ACK, 40 ms on Linux, on every request of a kept-alive
  // connection after its first few.
  const front = createNetServer({ pauseOnConnect: true, noDelay: true }, (socket) => {
    socket.on('error', () => socket.destroy());
    const address = normalizeAddress(socket.remoteAddress);
    if (!limited(address)) {
      handOver(socket);
      return;
    }
    const state = stateOf(address);
    if (state.sockets.size < limits.connectionsPerAddress) {
      serve(address, state, socket);
      return;
    }
    const spare = [...state.sockets].find((open) => idle.has(open));
    if (spare) {
      state.sockets.delete(spare);
      spare.destroy();
      serve(address, state, socket);
    } else if (state.held.length < limits.heldPerAddress) {
      hold(address, state, socket);
    } else {
      socket.destroy();
      forget(address, state);
    }
  });
  // The HTTP server keeps its deadlines for the connections it is handed once it "listens".
  front.on('listening', () => server.emit('listening'));

  /**
   * Requests running for addresses without a backlog. An address with requests waiting (one that
   * sends more than its share: a flood, or a very busy office) starts its next ones, one at a time,
   * only once no such request has run for `quietBeforeBackloggedMs`, or once its oldest has waited
   * `yieldAtMostMs`: a page the flood asks for takes tens of milliseconds of CPU that every other
   * request would wait behind.
   */
  let lightRunning = 0;
  /** When the last of them ended (a dispatcher's next request usually follows within a few ms). */
  let lightEndedAt = 0;
  /** @type {Set<ReturnType<typeof stateOf>>} */
  const backlogged = new Set();
  const pump = () => {
    const now = performance.now();
    const quiet = lightRunning === 0 && now - lightEndedAt >= limits.quietBeforeBackloggedMs;
    for (const state of backlogged) {
      while (state.waiting.length > 0 && state.running < limits.requestsWhileBacklogged) {
        if (!quiet && now - state.waiting[0].since < limits.yieldAtMostMs) break;
        state.waiting.shift().start(false);
      }
      if (state.waiting.length === 0) backlogged.delete(state);
    }
  };
  // A backlog that waited its longest while others kept the server busy still moves.
  setInterval(pump, limits.yieldAtMostMs).unref();

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {() => void} handle
   */
  function admit(request, response, handle) {
    const socket = request.socket;
    const address = normalizeAddress(socket.remoteAddress);
    if (!limited(address)) {
      handle();
      return;
    }
    idle.delete(socket);
    const state = stateOf(address);
    let started = false;
    let light = false;
    let ended = false;
    const waiting = {
      since: performance.now(),
      start: (asLight) => {
        started = true;
        light = asLight;
        state.running += 1;
        if (light) lightRunning += 1;
        // Connections of the address wait for a place: this one closes after its answer.
        if (state.held.length > 0) response.shouldKeepAlive = false;
        handle();
      },
    };
    response.once('close', () => {
      if (ended) return;
      ended = true;
      idle.add(socket);
      if (started) {
        state.running -= 1;
        if (light && --lightRunning === 0) {
          lightEndedAt = performance.now();
          setTimeout(pump, limits.quietBeforeBackloggedMs).unref();
        }
      } else {
        // Gave up while waiting: its place goes to nobody.
        const at = state.waiting.indexOf(waiting);
        if (at >= 0) state.waiting.splice(at, 1);
      }
      pump();
      forget(address, state);
    });
    if (state.waiting.length === 0 && state.running < limits.requestsPerAddress) {
      waiting.start(true);
    } else {
      state.waiting.push(waiting);
      backlogged.add(state);
    }
  }

  return { front, admit };
}
