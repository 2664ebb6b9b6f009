import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in CI (a clean clone's `npm test`, 2026-12-02: seconds beside each),
 * longest first. Most of their time is waiting on servers, throttles and timers: started first,
 * they wait while the other work of `npm test`'s first step (typecheck, lint, mutants, the instance
 * tests, the smoke bench) keeps the cores busy. Left to Vitest's order on a machine with no results
 * of an earlier run (largest file first), a one-test file that waits 30 s came last and held one
 * worker alone at the end, a core idle (docs/testing.md, "CI's time").
 */
export const LONGEST_FIRST = [
  'test/hardening/validation-properties.test.ts', // 67
  'test/contract/courier-login.test.ts', // 43
  'test/hardening/rotating-guesser.test.ts', // 32
  'test/contract/app-legacy-courier.test.ts', // 31
  'test/hardening/session-cookies.test.ts', // 29
  'lib/quote-records/postgres-store.test.ts', // 23
  'test/hardening/sign-in-abuse.test.ts', // 22
  'test/hardening/open-session.test.ts', // 20
  'test/contract/quote-history.test.ts', // 19
  'test/contract/geocode-nominatim.test.ts', // 14
  'test/contract/courier-quotation.test.ts', // 14
  'test/contract/customer-link.test.ts', // 14
  'test/hardening/courier-faults.test.ts', // 14
  'test/contract/app-quote-records.test.ts', // 13
  'test/contract/app-builtin-courier.test.ts', // 11
  'test/contract/courier-legacy-client.test.ts', // 10
  'test/contract/geocode-builtin.test.ts', // 10
  'lib/db/outage.test.ts', // 9
  'test/contract/app-requests.test.ts', // 8
  'lib/redis/redis-stores.test.ts', // 8
  'test/contract/app-several-dropoffs.test.ts', // 8
  'test/contract/app-legacy-renewal.test.ts', // 8
];

/**
 * Vitest's own order when it has the results of an earlier run on this machine (failed first,
 * then longest first); otherwise, as in CI's clean clone, the files of LONGEST_FIRST in its order,
 * then the rest in Vitest's order.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const known = sorted.every((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`),
    );
    if (known) return sorted;
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relative(root, file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the unlisted files keep Vitest's order among themselves.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
