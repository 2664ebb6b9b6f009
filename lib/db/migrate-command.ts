// `npm run db:migrate` (scripts/db-migrate.mjs bundles and runs this): applies the migrations not
// yet applied to the configured database (DATABASE_URL, else the embedded one under DATA_DIR),
// as every instance also does when it starts.
import { env } from '@/lib/env';
import { openDatabase } from './connect';
import { MIGRATIONS_FOLDER } from './migrate';

const where =
  env.database.kind === 'server' ? 'the PostgreSQL server at DATABASE_URL' : env.database.dir;
const database = openDatabase(env.database);
try {
  await database.ready();
  process.stdout.write(
    `[dispatch-quote] migrations from ${MIGRATIONS_FOLDER} applied to ${where}\n`,
  );
} catch (error) {
  console.error(`[dispatch-quote] the migrations could not run on ${where}:`, error);
  process.exitCode = 1;
} finally {
  await database.close();
}
