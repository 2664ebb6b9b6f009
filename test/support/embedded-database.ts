import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '@/lib/db/migrations-folder.mjs';
import { PGLITE_OPTIONS } from '@/lib/db/pglite-options.mjs';

/**
 * The embedded database's first start creates a PostgreSQL cluster (initdb inside PGlite): some
 * seconds, half a minute on two loaded cores. Servers started by tests begin instead from a copy
 * of one cluster made once per checkout for the current migrations and PGlite version, as an
 * instance restarted on its DATA_DIR would find it. What the app does with it is unchanged. It is
 * kept in node_modules/.cache, not the temp directory: each test run's temp directory is its own
 * and removed at its end (scripts/with-own-tmpdir.mjs).
 */
function templateDir(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  const cache = join(process.cwd(), 'node_modules', '.cache', 'dispatch-quote');
  mkdirSync(cache, { recursive: true });
  return join(cache, `pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

async function embeddedTemplate(): Promise<string> {
  const template = templateDir();
  if (existsSync(template)) return template;
  const building = mkdtempSync(`${template}.building-`);
  const client = new PGlite(building, PGLITE_OPTIONS);
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  await client.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test process made it first.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** Puts a migrated embedded database where the app looks for it under `dataDir`. */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  cpSync(await embeddedTemplate(), join(dataDir, 'pglite'), { recursive: true });
}
