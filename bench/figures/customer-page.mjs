// Figure 19: the customer's page (/c/{token}, issue 27) beside the quote screen, in the same run
// on the same server. (a) The script each loads: a fresh phone-sized browser (no service worker,
// nothing cached) opens the page and waits until the network is idle; the scripts' bytes as
// transferred (compressed) are summed. The screen is opened signed in; the customer's page with
// no cookie. (b) Lighthouse's mobile audit of each, alternating screen, page, screen, page….
// The figure has no budget of its own beyond the "almost no script": the page must load
// less script than the screen.
import os from 'node:os';
import { launchChromium } from '../lib/browser.mjs';
import { quoteRequests, send, signIn } from '../lib/http.mjs';
import { round, roundSpread, spread } from '../lib/stats.mjs';
import { auditWithRetry } from './lighthouse.mjs';

const KB = 1000;

/** Scripts a fresh browser loads to open `url` (with `cookie`, if any), until the network idles. */
async function scriptsOf(browser, url, cookie) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    locale: 'es-MX',
    serviceWorkers: 'block',
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  try {
    const page = await context.newPage();
    const sizes = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      sizes.push(request.sizes().then((s) => Math.max(0, s.responseBodySize)));
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== new URL(url).pathname) {
      throw new Error(`${url}: HTTP ${response?.status()} at ${page.url()}`);
    }
    await page.waitForLoadState('networkidle');
    const bytes = await Promise.all(sizes);
    return { scripts: bytes.length, kb: round(bytes.reduce((a, b) => a + b, 0) / KB, 1) };
  } finally {
    await context.close();
  }
}

export async function measureCustomerPage(server, { smoke }) {
  const plan = { lighthouseRuns: smoke ? 1 : 3 };
  const cookie = await signIn(server.origin);
  const quote = await send(quoteRequests(server.origin, { cookie, token: '' }).app);
  const customerUrl = quote.json?.record?.customerUrl;
  if (quote.status !== 200 || !customerUrl) {
    throw new Error(
      `no customer link: HTTP ${quote.status}, record ${JSON.stringify(quote.json?.record)}`,
    );
  }
  const pages = {
    screen: { url: `${server.origin}/`, cookie },
    customer: { url: `${server.origin}${customerUrl}` },
  };

  const browser = await launchChromium();
  const script = {};
  try {
    for (const [name, { url, cookie: pageCookie }] of Object.entries(pages)) {
      script[name] = await scriptsOf(browser, url, pageCookie);
    }
  } finally {
    await browser.close();
  }
  const audits = { screen: [], customer: [] };
  for (let i = 0; i < plan.lighthouseRuns; i++) {
    for (const [name, { url }] of Object.entries(pages)) {
      // A session per audit of the screen, as the quote screen's own figure does.
      audits[name].push(
        await auditWithRetry(url, name === 'screen' ? await signIn(server.origin) : undefined),
      );
    }
  }
  const summary = (runs) => ({
    performance: roundSpread(spread(runs.map((r) => r.performance)), 0),
    tbtMs: roundSpread(spread(runs.map((r) => r.tbtMs)), 0),
    lcpMs: roundSpread(spread(runs.map((r) => r.lcpMs)), 0),
    fcpMs: roundSpread(spread(runs.map((r) => r.fcpMs)), 0),
  });
  const lighthouse = { screen: summary(audits.screen), customer: summary(audits.customer) };
  const text = (name) =>
    `${script[name].kb} KB of script in ${script[name].scripts} files, performance ${lighthouse[name].performance.median}, TBT ${lighthouse[name].tbtMs.median} ms, LCP ${round(lighthouse[name].lcpMs.median / 1000, 2)} s`;
  return {
    id: 'customer-page',
    title: "the customer's page beside the quote screen",
    budget:
      "reported beside the quote screen's (Lighthouse mobile, medians); the page loads less script than the screen",
    result: `customer's page: ${text('customer')}; quote screen: ${text('screen')}`,
    passed: script.customer.kb < script.screen.kb,
    plan,
    figures: {
      scriptKb: { customer: script.customer.kb, screen: script.screen.kb },
      scripts: { customer: script.customer.scripts, screen: script.screen.scripts },
      customerToScreenScript: round(script.customer.kb / script.screen.kb, 2),
      lighthouse,
      loadAverage: os.loadavg().map((value) => round(value, 2)),
    },
  };
}
