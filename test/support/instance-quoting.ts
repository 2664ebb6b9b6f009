import { expect } from 'vitest';
import { RECORDED_TRIP } from '../contract/app-fixtures';
import { BalancedBrowser, type Answer, type AppInstance } from './app-instances';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A dispatcher's browser signed in at `at`, its connections coming from `from`. */
export async function signedIn(at: AppInstance, from?: string): Promise<BalancedBrowser> {
  const browser = new BalancedBrowser(from);
  const answer = await browser.request(at, 'POST', '/api/session', {
    email: 'dispatcher@example.com',
    password: 'demo-password',
  });
  expect(answer.status).toBe(200);
  return browser;
}

interface Dependency {
  kind: string;
  status: string;
}

/** What an instance's /api/health says of its session store and its quote records' database. */
export async function health(instance: AppInstance) {
  const response = await fetch(`${instance.origin}/api/health`);
  return (await response.json()) as { store: Dependency; database: Dependency };
}

export interface Quoting {
  /** Signed-in dispatchers, each quoting the recorded trip again as soon as answered. */
  browsers: BalancedBrowser[];
  /** Where the n-th browser sends its next quote (a fixed instance, or a balancer's pick). */
  target: (browser: number) => AppInstance;
}

/** Every answer to the recorded trip quoted by all `browsers` at once for `milliseconds`. */
export async function quoteFor(quoting: Quoting, milliseconds: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const endAt = Date.now() + milliseconds;
  await Promise.all(
    quoting.browsers.map(async (browser, i) => {
      while (Date.now() < endAt) {
        answers.push(await browser.request(quoting.target(i), 'POST', '/api/quote', RECORDED_TRIP));
      }
    }),
  );
  return answers;
}

/** A backing server (PostgreSQL, Redis) the instances depend on, and how their health names it. */
export interface Outage {
  stop: () => Promise<unknown>;
  instances: AppInstance[];
  /** Which part of /api/health it is, and the kind that part reports. */
  part: 'store' | 'database';
  kind: string;
}

/**
 * The outage drill: 6 s of quoting with the backing server stopped 2 s in. Half a second after
 * the stop every instance's health calls it degraded, and every quote of the run is still
 * answered 200. The run's answers, for what else the caller checks.
 */
export async function quoteThroughOutage(quoting: Quoting, outage: Outage): Promise<Answer[]> {
  const run = quoteFor(quoting, 6_000);
  await sleep(2_000);
  await outage.stop();
  await sleep(500);
  for (const instance of outage.instances) {
    expect((await health(instance))[outage.part]).toMatchObject({
      kind: outage.kind,
      status: 'degraded',
    });
  }
  const answers = await run;
  expect(answers.length).toBeGreaterThan(20);
  expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
  return answers;
}
