import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST } from './longest-first-sequencer.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the files a clean clone starts first', () => {
  it('are all still there: a file renamed or removed would drop out of the order unseen', () => {
    expect(LONGEST_FIRST.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });
});
