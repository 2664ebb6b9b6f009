// The bench's HTTP clients: a dispatcher signing in, a direct courier login, and autocannon runs
// that keep every latency (autocannon's own histogram rounds to whole milliseconds).
import autocannon from 'autocannon';
import {
  APP_TRIP,
  COURIER_TRIP,
  DEMO_CLIENT,
  DISPATCHER,
  LOGIN_PATH,
  QUOTATION_PATH,
} from './trip.mjs';

const SESSION_COOKIE = 'dq_session';

/** The session cookie (`dq_session=…`) out of Set-Cookie headers, if one is there. */
export function sessionCookieOf(response) {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0].trim();
    if (pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1)
      return pair;
  }
  return undefined;
}

/** Signs the demo dispatcher in through the app, as the sign-in screen does; returns the cookie. */
export async function signIn(origin) {
  const response = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(DISPATCHER),
  });
  const text = await response.text();
  const cookie = sessionCookieOf(response);
  if (response.status !== 200 || !cookie) {
    throw new Error(`sign-in failed: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  return cookie;
}

/** A courier token obtained directly from the built-in courier, as any API client would. */
export async function courierToken(origin) {
  const basic = Buffer.from(`${DEMO_CLIENT.id}:${DEMO_CLIENT.secret}`).toString('base64');
  const response = await fetch(`${origin}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      data: { systemRequest: { user: DISPATCHER.email, password: DISPATCHER.password } },
    }),
  });
  const json = await response.json();
  if (json?.code !== 0 || !json.token?.access_token) {
    throw new Error(`courier login failed: HTTP ${response.status} code ${json?.code}`);
  }
  return json.token.access_token;
}

/** The two ways of pricing the recorded trip: through the app, or straight at the courier. */
export function quoteRequests(origin, { cookie, token }) {
  return {
    app: {
      url: `${origin}/api/quote`,
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(APP_TRIP),
    },
    direct: {
      url: `${origin}${QUOTATION_PATH}`,
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(COURIER_TRIP),
    },
  };
}

/** One request through fetch, for sanity checks; returns the parsed JSON and the response. */
export async function send({ url, method, headers, body }) {
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, response };
}

/**
 * An autocannon run of `request` with `connections` at once, for `seconds` or for `amount`
 * requests. Fails on any non-2xx answer or transport error: a benchmark of errors measures
 * nothing. Returns requests per second and every latency in milliseconds.
 */
export async function load(request, { connections, seconds, amount }) {
  const latencies = [];
  let statusOther = 0;
  const started = performance.now();
  const instance = autocannon({
    ...request,
    connections,
    pipelining: 1,
    ...(amount ? { amount } : { duration: seconds }),
    // autocannon stops at its next sample after `duration`: every second by default, so a run of
    // half a second went on for a whole one.
    sampleInt: 100,
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else statusOther++;
  });
  const result = await instance;
  // autocannon's own clock (from its first request), else ours.
  const elapsedS = result.duration > 0 ? result.duration : (performance.now() - started) / 1000;
  if (statusOther > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${request.method} ${new URL(request.url).pathname}: ${statusOther} non-2xx answers, ` +
        `${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    requests: latencies.length,
    seconds: elapsedS,
    rps: latencies.length / elapsedS,
    latencies,
  };
}
