// drizzle-kit's configuration: `npx drizzle-kit generate` writes the next migration from
// lib/db/schema.ts. Migrations are applied by the app at start and by `npm run db:migrate`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
});
