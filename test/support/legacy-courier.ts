import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { generateKeyPair, SignJWT } from 'jose';
import { LOGIN_PATH, QUOTATION_PATH } from '@/lib/courier-api/wire';

/**
 * A small stand-in that speaks like the real, deprecated legacy courier (docs/courier-api.md, "What
 * is known of the legacy service"): errors as HTTP 200 with a negative code and a Spanish message
 * (-193 for an e-mail it does not know, -194 for a wrong password), RS256 tokens whose `expires_in`
 * is Mexico City local time (or login answers with nothing but `access_token`), `ivoyCost`,
 * coordinates echoed as numbers, extra fields everywhere. Every trip whose points lie in Mexico City
 * is priced like the recorded one (Varsovia 36 → Sonora 180: 1.58 km, 35.0 MXN, 28 min, bicycle).
 * Whether the real service revoked an account's older tokens at a new login is not recorded:
 * `revokeOnLogin` makes it do so (one live token per account), as a client must survive. Tests
 * script one-off answers (an HTML 500 page, a slow answer, a code, a connection cut in the middle
 * of the body) and read its counters; `stop()` closes its port (connections are then refused) and
 * `restart()` opens the same port again.
 */

export type ScriptedAnswer =
  | { code: number; message: string }
  | { html500: true }
  | { status: number; body?: string; contentType?: string }
  /** Answers normally after this long (cut short when the caller gives up or the stand-in closes). */
  | { delayMs: number }
  /** Answers normally once `until` settles: a request held while the test does something else. */
  | { until: Promise<unknown> }
  /** Closes the connection without a word. */
  | { hangUp: true }
  /**
   * Sends a 200 head whose Content-Length promises a longer body, then `partialBody`, then:
   * `reset` destroys the socket (a reset in the middle of the answer), `close` ends it cleanly
   * (a truncated body), `stall` sends nothing more until the caller gives up.
   */
  | { partialBody: string; then: 'reset' | 'close' | 'stall' }
  /**
   * A well-formed quotation answer padded to `bytes`, streamed in 64 KB chunks as fast as the
   * caller reads them; `lastStream` says how much of it went out and whether all of it did.
   */
  | { streamedBytes: number };

export interface LegacyCourierOptions {
  clientId: string;
  clientSecret: string;
  /** e-mail → password */
  accounts: Record<string, string>;
  /** e-mail → the account's idClient (its courier client: the dispatcher's team); 4821 otherwise. */
  idClients?: Record<string, number>;
  /** `full`: token_type and expires_in; `accessTokenOnly`: `{ token: { access_token } }`. */
  loginShape: 'full' | 'accessTokenOnly';
  /** `jwt`: RS256 with exp; `opaque`: random text that says nothing of its expiry. */
  tokenFormat: 'jwt' | 'opaque';
  tokenLifetimeSeconds: number;
  /** A token answers -156 once it has served this many quotes (the legacy's early expiry). */
  expireTokensAfterQuotes: number;
  /**
   * Each login revokes every older token of the same account, which then answers -155: one live
   * token per account, as when several dispatchers (or another system) share one courier account.
   */
  revokeOnLogin: boolean;
  /**
   * Drop-offs one quotation may carry before it answers -111 over HTTP 200: 1 is a courier that
   * quotes one drop-off at a time, as some legacy services did (default 9).
   */
  maxDropoffs: number;
}

export interface LegacyCourier {
  url: string;
  /** Successful logins (tokens issued). */
  readonly logins: number;
  /** Every login request, refused ones included. */
  readonly loginAttempts: number;
  /** Quotation requests received. */
  readonly quotations: number;
  /** Quotations refused for their token (-155 or -156): missing, unknown, revoked or expired. */
  readonly tokenRejections: number;
  /** Every access token issued, to prove none of them leaks. */
  readonly issuedTokens: readonly string[];
  /** The last `streamedBytes` answer: bytes written before it ended, and whether it was whole. */
  readonly lastStream: { bytesWritten: number; whole: boolean; ended: Promise<void> } | undefined;
  /** The last quotation request: its headers and body as received. */
  readonly lastQuotation: { headers: IncomingMessage['headers']; body: unknown } | undefined;
  readonly lastLogin: { headers: IncomingMessage['headers']; body: unknown } | undefined;
  configure(options: Partial<LegacyCourierOptions>): void;
  /** The next quotation requests get these answers, in order, before anything else is checked. */
  script(...answers: ScriptedAnswer[]): void;
  /** The same for the next login requests. */
  scriptLogin(...answers: ScriptedAnswer[]): void;
  /** Stops listening: connections to its port are refused until restart(). */
  stop(): Promise<void>;
  /** Listens on the same port again. */
  restart(): Promise<void>;
  /** Every token issued so far now answers -156. */
  expireAllTokens(): void;
  close(): Promise<void>;
}

const MEXICO_CITY = 'America/Mexico_City';
/** Roughly the metro area of Mexico City: the stand-in's only active coverage zone. */
const CDMX = { minLat: 19.0, maxLat: 19.8, minLng: -99.5, maxLng: -98.8 };

const ok = (data: unknown) => ({ code: 0, data });
const refusal = (code: number, message: string) => ({ code, message });

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
  });
}

function send(response: ServerResponse, status: number, body: string, contentType: string) {
  response.writeHead(status, { 'content-type': contentType });
  response.end(body);
}

/** Legacy style: everything is HTTP 200, success or not. */
const sendJson = (response: ServerResponse, body: unknown) =>
  send(response, 200, JSON.stringify(body), 'application/json;charset=UTF-8');

const inCdmx = (lat: number, lng: number) =>
  lat >= CDMX.minLat && lat <= CDMX.maxLat && lng >= CDMX.minLng && lng <= CDMX.maxLng;

export async function startLegacyCourier(
  overrides: Partial<LegacyCourierOptions> = {},
): Promise<LegacyCourier> {
  const options: LegacyCourierOptions = {
    clientId: 'legacy-client',
    clientSecret: 'legacy-client-secret-8c1f',
    accounts: { 'dispatcher@example.com': 'demo-password' },
    loginShape: 'full',
    tokenFormat: 'jwt',
    tokenLifetimeSeconds: 3600,
    expireTokensAfterQuotes: Number.POSITIVE_INFINITY,
    revokeOnLogin: false,
    maxDropoffs: 9,
    ...overrides,
  };
  const { privateKey } = await generateKeyPair('RS256');
  const tokens = new Map<
    string,
    { email: string; expiresAt: number; quotes: number; expired: boolean; revoked: boolean }
  >();
  const issuedTokens: string[] = [];
  const scripted: ScriptedAnswer[] = [];
  const scriptedLogins: ScriptedAnswer[] = [];
  /** Delays in progress, ended at once by close() so that no test waits for them. */
  const pendingDelays = new Set<() => void>();
  const counters = { logins: 0, loginAttempts: 0, quotations: 0, tokenRejections: 0 };
  let lastQuotation: LegacyCourier['lastQuotation'];
  let lastStream: LegacyCourier['lastStream'];
  let lastLogin: LegacyCourier['lastLogin'];

  async function issueToken(email: string) {
    const now = Date.now();
    const expiresAt = now + options.tokenLifetimeSeconds * 1000;
    const value =
      options.tokenFormat === 'jwt'
        ? await new SignJWT({ sub: email })
            .setProtectedHeader({ alg: 'RS256' })
            .setJti(randomBytes(12).toString('hex'))
            .setIssuedAt(Math.floor(now / 1000))
            .setExpirationTime(Math.floor(expiresAt / 1000))
            .sign(privateKey)
        : randomBytes(24).toString('hex');
    if (options.revokeOnLogin) {
      for (const token of tokens.values()) if (token.email === email) token.revoked = true;
    }
    tokens.set(value, { email, expiresAt, quotes: 0, expired: false, revoked: false });
    issuedTokens.push(value);
    counters.logins += 1;
    return { value, expiresAt };
  }

  /** Waits `ms`, or less when the caller hangs up or the stand-in closes. */
  function delay(ms: number, response: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pendingDelays.delete(done);
        response.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pendingDelays.add(done);
      response.once('close', done);
    });
  }

  /**
   * Plays a scripted answer. True when it answered (or hung up); false when the request should be
   * handled normally (after a delay).
   */
  async function playScripted(
    next: ScriptedAnswer | undefined,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<boolean> {
    if (!next) return false;
    if ('delayMs' in next) {
      await delay(next.delayMs, response);
      return response.destroyed;
    }
    if ('until' in next) {
      await Promise.race([next.until.catch(() => undefined), delay(60_000, response)]);
      return response.destroyed;
    }
    if ('hangUp' in next) {
      request.socket.destroy();
      return true;
    }
    if ('partialBody' in next) {
      const body = Buffer.from(next.partialBody, 'utf8');
      const socket = request.socket;
      // Written on the socket itself: Node's response would refuse a body shorter than announced.
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json;charset=UTF-8\r\n' +
          `Content-Length: ${body.byteLength + 512}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
      if (next.then === 'reset') socket.resetAndDestroy();
      else if (next.then === 'close') socket.end();
      else await delay(60_000, response);
      return true;
    }
    if ('streamedBytes' in next) {
      let ended!: () => void;
      const stream = {
        bytesWritten: 0,
        whole: false,
        ended: new Promise<void>((resolve) => (ended = resolve)),
      };
      lastStream = stream;
      const head = Buffer.from(
        '{"code":0,"data":{"total":35,"price":35,"eta":28,"distance":1.58,"isBike":true,' +
          '"zone":{"idZone":1,"name":"cdmx","description":"CDMX","active":1}},"padding":"',
      );
      const tail = Buffer.from('"}');
      const chunk = Buffer.alloc(64 * 1024, 'x');
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      const write = (part: Buffer) =>
        new Promise<boolean>((resolve) => {
          if (response.destroyed) return resolve(false);
          stream.bytesWritten += part.byteLength;
          if (response.write(part)) return resolve(true);
          const settle = () => {
            response.off('drain', settle);
            response.off('close', settle);
            resolve(!response.destroyed);
          };
          response.once('drain', settle);
          response.once('close', settle);
        });
      let going = await write(head);
      while (
        going &&
        stream.bytesWritten + chunk.byteLength + tail.byteLength <= next.streamedBytes
      ) {
        going = await write(chunk);
      }
      if (going && (await write(tail))) {
        response.end();
        stream.whole = true;
      }
      ended();
      return true;
    }
    if ('html500' in next) {
      send(
        response,
        500,
        '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>',
        'text/html',
      );
      return true;
    }
    if ('status' in next) {
      send(response, next.status, next.body ?? '', next.contentType ?? 'text/plain');
      return true;
    }
    sendJson(response, refusal(next.code, next.message));
    return true;
  }

  async function login(request: IncomingMessage, response: ServerResponse) {
    counters.loginAttempts += 1;
    const body = (await readBody(request)) as
      { data?: { systemRequest?: { user?: unknown; password?: unknown } } } | undefined;
    lastLogin = { headers: request.headers, body };
    if (await playScripted(scriptedLogins.shift(), request, response)) return;
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return sendJson(response, refusal(-190, 'Cliente no autorizado'));
    }
    const user = body?.data?.systemRequest?.user;
    const password = body?.data?.systemRequest?.password;
    if (typeof user !== 'string' || typeof password !== 'string') {
      return sendJson(response, refusal(-100, 'Formato invalido'));
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user)) {
      return sendJson(response, refusal(-192, 'Correo Invalido'));
    }
    if (!Object.hasOwn(options.accounts, user)) {
      return sendJson(response, refusal(-193, 'No existe ningun usuario con el correo anterior'));
    }
    if (options.accounts[user] !== password) {
      return sendJson(response, refusal(-194, 'Usuario o contraseña incorrectos'));
    }
    const token = await issueToken(user);
    const profile = {
      idClient: options.idClients?.[user] ?? 4821,
      email: user,
      firstName: 'Dulce',
      lastName: 'Ramírez',
      zone: { idZone: 1, name: 'cdmx' },
      phone: '5555555555',
    };
    const tokenRecord =
      options.loginShape === 'full'
        ? {
            access_token: token.value,
            token_type: 'ivoyat',
            expires_in: format(token.expiresAt, 'dd/MM/yy HH:mm', { in: tz(MEXICO_CITY) }),
          }
        : { access_token: token.value };
    sendJson(response, { code: 0, data: profile, token: tokenRecord });
  }

  async function quotation(request: IncomingMessage, response: ServerResponse) {
    counters.quotations += 1;
    const body = (await readBody(request)) as
      { data?: { bOrder?: { orderAddresses?: unknown } } } | undefined;
    lastQuotation = { headers: request.headers, body };

    if (await playScripted(scripted.shift(), request, response)) return;
    if (response.destroyed) return;

    const header = request.headers.token;
    const token = typeof header === 'string' ? tokens.get(header) : undefined;
    if (!token || token.revoked) {
      counters.tokenRejections += 1;
      return sendJson(response, refusal(-155, 'Token invalido'));
    }
    if (
      token.expired ||
      Date.now() >= token.expiresAt ||
      token.quotes >= options.expireTokensAfterQuotes
    ) {
      counters.tokenRejections += 1;
      return sendJson(response, refusal(-156, 'Token expirado'));
    }
    token.quotes += 1;

    const addresses = body?.data?.bOrder?.orderAddresses;
    if (!Array.isArray(addresses)) return sendJson(response, refusal(-100, 'Formato invalido'));
    type Sent = { isPickup?: unknown; isSource?: unknown; address?: Record<string, unknown> };
    const sent = addresses as Sent[];
    if (
      sent.length < 2 ||
      sent.length > options.maxDropoffs + 1 ||
      sent[0]?.isPickup !== 1 ||
      sent[0]?.isSource !== 1
    ) {
      return sendJson(response, refusal(-111, 'Direcciones invalidas'));
    }
    const points = sent.map((item) => ({
      lat: Number(item.address?.latitude),
      lng: Number(item.address?.longitude),
    }));
    if (points.some((point) => !Number.isFinite(point.lat) || !Number.isFinite(point.lng))) {
      return sendJson(response, refusal(-100, 'Formato invalido'));
    }
    if (!inCdmx(points[0]!.lat, points[0]!.lng)) {
      return sendJson(response, refusal(-114, 'El punto de recolección esta fuera de cobertura'));
    }
    if (points.slice(1).some((point) => !inCdmx(point.lat, point.lng))) {
      return sendJson(response, refusal(-113, 'El punto de entrega esta fuera de cobertura'));
    }
    sendJson(
      response,
      ok({
        discount: 0.0,
        distance: 1.58,
        extraCharge: 0.0,
        packageValue: 0.0,
        price: 35.0,
        eta: 28.0,
        rating: 0.0,
        total: 35.0,
        messengerFee: 28.0,
        ivoyCost: 7.0,
        isBike: true,
        vehicle: 'Bicicleta',
        promoCodeBalance: 0.0,
        orderType: 1,
        zone: { idZone: 1, name: 'cdmx', description: 'CDMX|MÉX.|MOR.|HGO.', active: 1 },
        packageType: { idPackageType: 1, name: 'Sobre', description: 'Documentos' },
        orderAddresses: sent.map((item, index) => ({
          ...item,
          address: { ...item.address, latitude: points[index]!.lat, longitude: points[index]!.lng },
          distance: index === 0 ? 0.0 : 1.58,
          eta: index === 0 ? 20.0 : 28.0,
          price: index === 0 ? 0.0 : 35.0,
        })),
      }),
    );
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const handle =
      request.method === 'POST' && path === LOGIN_PATH
        ? login
        : request.method === 'POST' && path === QUOTATION_PATH
          ? quotation
          : undefined;
    if (!handle && (path === LOGIN_PATH || path === QUOTATION_PATH)) {
      // As a web server answers another method on a POST-only page (the app's health probe GETs it).
      return send(response, 405, '<html><body>Method Not Allowed</body></html>', 'text/html');
    }
    if (!handle) return send(response, 404, '<html><body>Not Found</body></html>', 'text/html');
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'Internal Server Error', 'text/plain');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const closeServer = () =>
    new Promise<void>((resolve) => {
      for (const end of [...pendingDelays]) end();
      if (!server.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    url: `http://127.0.0.1:${port}`,
    get logins() {
      return counters.logins;
    },
    get loginAttempts() {
      return counters.loginAttempts;
    },
    get quotations() {
      return counters.quotations;
    },
    get tokenRejections() {
      return counters.tokenRejections;
    },
    issuedTokens,
    get lastStream() {
      return lastStream;
    },
    get lastQuotation() {
      return lastQuotation;
    },
    get lastLogin() {
      return lastLogin;
    },
    configure: (changes) => Object.assign(options, changes),
    script: (...answers) => scripted.push(...answers),
    scriptLogin: (...answers) => scriptedLogins.push(...answers),
    expireAllTokens: () => tokens.forEach((token) => (token.expired = true)),
    stop: closeServer,
    restart: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: closeServer,
  };
}
