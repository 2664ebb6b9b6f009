// Figure 2: courier logins per session. A server whose courier issues short-lived tokens
// (COURIER_TOKEN_TTL); one dispatcher signs in, the token expires, 50 quotes of that session
// arrive at once, then 1,000 more. The courier's own log lines ("courier request handled" on the
// login path) are the count.
import { load, sessionCookieOf, signIn } from '../lib/http.mjs';
import { APP_TRIP, LOGIN_PATH } from '../lib/trip.mjs';
import { sleep } from '../lib/stats.mjs';

export const BUDGET = { renewalLogins: 1, extraLogins: 0 };
/** The app renews a token this long before it expires, at most a quarter of its life (token-lifetime.ts). */
const RENEW_MARGIN_MS = 60_000;
const FLUSH_MS = 400;

/** Follows the server's log: courier logins, and the tokens the app was issued. */
function watchLogins(server) {
  const logins = [];
  const tokens = [];
  const stop = server.onLog((line) => {
    if (line.includes(LOGIN_PATH) && line.includes('courier request handled')) {
      logins.push(JSON.parse(line).time);
    } else if (line.includes('courier token issued')) {
      const { time, expiresAt } = JSON.parse(line);
      const expires = Date.parse(expiresAt);
      tokens.push({
        issuedAt: time,
        expiresAt: expires,
        renewAt: expires - Math.min(RENEW_MARGIN_MS, (expires - time) / 4),
      });
    }
  });
  return { logins, tokens, stop };
}

async function waitFor(check, what, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Splits the logins of a phase into those made while the session's token was still good (a
 * budget miss) and those made once it had come due (a renewal, as it should be; a slow run can
 * cross several expiries). Each login's token is the first issued at or after it.
 */
export function classifyLogins(logins, tokens, current) {
  let renewAt = current.renewAt;
  let early = 0;
  let due = 0;
  for (const time of [...logins].sort((a, b) => a - b)) {
    if (time < renewAt) early++;
    else due++;
    const issued = tokens.find((token) => token.issuedAt >= time);
    if (issued) renewAt = issued.renewAt;
  }
  return { early, due };
}

/**
 * The courier states expiry to the minute (`expires_in` "DD/MM/YY HH:mm"), so a token issued a few
 * seconds before a minute boundary is, to the app, about to expire at that boundary. The burst is
 * placed early in a minute, so the renewed token lives its whole TTL and the 1,000 quotes measure
 * renewals, not that rounding.
 */
function burstMoment(expiresAt, ttlSeconds) {
  let at = Math.max(Date.now(), expiresAt) + 250;
  const second = (at % 60_000) / 1000;
  if (second > 60 - ttlSeconds - 2) at += 60_000 - (at % 60_000) + 250;
  return at;
}

/** `count` quotes of one session at once; all must succeed. Returns the renewed cookie, if sent. */
async function burst(origin, cookie, count) {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${origin}/api/quote`, {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(APP_TRIP),
      }).then(async (response) => ({
        status: response.status,
        cookie: sessionCookieOf(response),
        text: await response.text(),
      })),
    ),
  );
  const failed = answers.filter((answer) => answer.status !== 200);
  if (failed.length > 0) {
    throw new Error(
      `${failed.length} of ${count} quotes failed, e.g. HTTP ${failed[0].status} ${failed[0].text.slice(0, 200)}`,
    );
  }
  return answers.find((answer) => answer.cookie)?.cookie;
}

export async function measureLogins(server, { smoke, ttlSeconds }) {
  const plan = { ttlSeconds, burst: 50, quotes: smoke ? 200 : 1_000, secondExpiry: !smoke };
  const watch = watchLogins(server);
  try {
    const cookie = await signIn(server.origin);
    await waitFor(() => watch.tokens.length === 1, 'the sign-in token in the log');

    // Phase 1: the token has expired; 50 quotes of the session arrive together.
    const at = burstMoment(watch.tokens[0].expiresAt, ttlSeconds);
    await sleep(at - Date.now());
    const beforeBurst = watch.logins.length;
    const renewedCookie = await burst(server.origin, cookie, plan.burst);
    await sleep(FLUSH_MS);
    const burstLogins = watch.logins.length - beforeBurst;
    if (!renewedCookie)
      throw new Error('no renewed session cookie came back after the token expired');
    await waitFor(() => watch.tokens.length >= 2, 'the renewed token in the log');
    const renewed = watch.tokens[watch.tokens.length - 1];

    // Phase 2: 1,000 quotes with the renewed session, as the browser would send them.
    const beforeQuotes = watch.logins.length;
    const phaseStart = Date.now();
    await load(
      {
        url: `${server.origin}/api/quote`,
        method: 'POST',
        headers: {
          origin: server.origin,
          cookie: renewedCookie,
          'content-type': 'application/json',
        },
        body: JSON.stringify(APP_TRIP),
      },
      { connections: 10, amount: plan.quotes },
    );
    const phaseMs = Date.now() - phaseStart;
    await sleep(FLUSH_MS);
    const { early: extraLogins, due: loginsAtNextExpiry } = classifyLogins(
      watch.logins.slice(beforeQuotes),
      watch.tokens,
      renewed,
    );

    // Phase 3 (full run): the renewed token comes due in turn; again 50 at once, one login.
    let secondRenewalLogins;
    if (plan.secondExpiry) {
      const latest = watch.tokens[watch.tokens.length - 1];
      await sleep(Math.max(0, latest.renewAt - Date.now()) + 250);
      const before = watch.logins.length;
      await burst(server.origin, renewedCookie, plan.burst);
      await sleep(FLUSH_MS);
      secondRenewalLogins = watch.logins.length - before;
    }

    const passed =
      burstLogins === BUDGET.renewalLogins &&
      extraLogins === BUDGET.extraLogins &&
      (secondRenewalLogins === undefined || secondRenewalLogins === 1);
    return {
      id: 'logins',
      title: 'logins per session',
      budget: `exactly ${BUDGET.renewalLogins} courier login for ${plan.burst} concurrent quotes after expiry; none more over ${plan.quotes.toLocaleString('en')} quotes until the next expiry`,
      result:
        `${burstLogins} login for ${plan.burst} concurrent quotes; ${extraLogins} over ${plan.quotes.toLocaleString('en')} quotes` +
        (loginsAtNextExpiry > 0
          ? ` (+${loginsAtNextExpiry} as the token came due during them)`
          : '') +
        (secondRenewalLogins === undefined ? '' : `; ${secondRenewalLogins} at the next expiry`),
      passed,
      plan,
      figures: {
        loginsForExpiredBurst: burstLogins,
        loginsDuringQuotes: extraLogins,
        renewalsDueDuringQuotes: loginsAtNextExpiry,
        loginsAtNextExpiry: secondRenewalLogins,
        quotesPhaseMs: phaseMs,
        renewedTokenLifeMs: renewed.expiresAt - renewed.issuedAt,
      },
    };
  } finally {
    watch.stop();
  }
}
