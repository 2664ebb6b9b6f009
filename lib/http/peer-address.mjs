// Shared by the HTTP servers that run the app (scripts/serve.mjs for `npm start`, and
// test/support/app-server.ts for the contract tests) and by lib/http/client-address.ts, which reads
// what they stamp. Plain JavaScript so that Node runs scripts/serve.mjs as it is.
// Not server-only: plain Node imports it (where 'server-only' throws); it holds no secret.

/**
 * The request header that carries the address of the TCP peer, as the server that accepted the
 * connection saw it. Next's route handlers get a Web Request, which has no socket: this header is
 * how they learn who connected. The server overwrites it on every request, so a client that sends
 * it has its value replaced.
 */
export const PEER_ADDRESS_HEADER = 'x-dispatch-quote-peer';

const STAMPING = Symbol.for('dispatch-quote.peer-address-stamping');

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) → `192.0.2.1`; anything else as it is. */
export function normalizeAddress(address) {
  const text = String(address ?? '').trim();
  return text.toLowerCase().startsWith('::ffff:') && text.includes('.') ? text.slice(7) : text;
}

/**
 * Called once by a server that stamps every request: from then on this process trusts the
 * header (a process served by plain `next start` never calls it, and ignores the header).
 */
export function declarePeerAddressStamping() {
  globalThis[STAMPING] = true;
}

/** Whether this process's server stamps the peer address on every request. */
export function peerAddressStamped() {
  return globalThis[STAMPING] === true;
}

/**
 * Writes the connection's address into the request's headers, over whatever the client sent.
 * @param {import('node:http').IncomingMessage} request
 */
export function stampPeerAddress(request) {
  request.headers[PEER_ADDRESS_HEADER] = normalizeAddress(request.socket.remoteAddress);
}
