import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * The schema (lib/db/schema.ts) and the migrations both engines run (lib/db/migrations) say the
 * same: a column added to the schema without its migration would be typed in the code and missing
 * in every database. drizzle-kit generates into a copy of the migrations: it must find nothing to
 * write.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DRIZZLE_KIT = join(ROOT, 'node_modules', '.bin', 'drizzle-kit');
const SCHEMA = join(ROOT, 'lib', 'db', 'schema.ts');

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** drizzle-kit run in a scratch directory on a copy of the migrations; what it wrote there. */
function drizzleKit(command: 'generate' | 'check') {
  scratch = mkdtempSync(join(tmpdir(), 'dq-migrations-'));
  cpSync(MIGRATIONS_FOLDER, join(scratch, 'migrations'), { recursive: true });
  // drizzle-kit reads `out` relative to where it runs: the copy, never the project's folder.
  writeFileSync(
    join(scratch, 'drizzle.config.json'),
    JSON.stringify({ dialect: 'postgresql', schema: SCHEMA, out: './migrations' }),
  );
  const run = spawnSync(DRIZZLE_KIT, [command, '--config', 'drizzle.config.json'], {
    cwd: scratch,
    encoding: 'utf8',
    // A prompt (a column renamed or dropped?) must not wait for an answer: it fails the test.
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  return {
    status: run.status,
    output: `${run.stdout}\n${run.stderr}`,
    files: readdirSync(join(scratch, 'migrations')).sort(),
  };
}

describe('the schema and the migrations', () => {
  it('drizzle-kit finds nothing in lib/db/schema.ts that the migrations do not already make', () => {
    const generated = drizzleKit('generate');
    expect(generated.status, generated.output).toBe(0);
    expect(generated.output).toMatch(/No schema changes, nothing to migrate/);
    expect(generated.files).toEqual(readdirSync(MIGRATIONS_FOLDER).sort());
  });

  it('the migrations are consistent, and the journal lists every SQL file the folder holds', () => {
    const checked = drizzleKit('check');
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toMatch(/Everything's fine/);
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(
      readdirSync(MIGRATIONS_FOLDER)
        .filter((name) => name.endsWith('.sql'))
        .sort(),
    );
  });
});
