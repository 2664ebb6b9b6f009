import 'server-only';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { EnvError } from './env-schema';
import { peerAddressStamped } from './http/peer-address.mjs';

export async function checkConfigurationAtStartup(): Promise<void> {
  try {
    const { env } = await import('./env');
    for (const warning of env.warnings) console.warn(`[dispatch-quote] ${warning}`);
    if (env.isProduction && env.trustProxy === 0 && !peerAddressStamped()) {
      console.warn(
        '[dispatch-quote] served without scripts/serve.mjs (npm start) and TRUST_PROXY=0: the app cannot see the connection’s address, so a client’s own X-Forwarded-For chooses its rate-limit bucket. Start it with npm start, or set TRUST_PROXY behind a proxy.',
      );
    }
    const { connectSharedStore } = await import('./redis/connection');
    if ((await connectSharedStore()) === 'waiting') {
      console.warn(
        '[dispatch-quote] REDIS_URL is set but Redis does not answer yet: each instance keeps to its own memory until it does (GET /api/health says degraded).',
      );
    }
    const { startQuoteRecords } = await import('./quote-records/startup');
    if ((await startQuoteRecords()) === 'waiting') {
      console.warn(
        `[dispatch-quote] the quote records' database (${env.database.kind === 'server' ? 'DATABASE_URL' : `embedded, under ${env.database.dir}`}) does not answer yet: quotes are answered without a reference until it does (GET /api/health says degraded).`,
      );
    }
    try {
      await mkdir(env.dataDir, { recursive: true });
      await access(env.dataDir, constants.W_OK);
    } catch {
      console.warn(
        `[dispatch-quote] DATA_DIR ${env.dataDir} cannot be written: sign-outs will not survive a restart.`,
      );
    }
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`[dispatch-quote] ${error.message}\nThe server did not start.`);
      process.exit(1);
    }
    throw error;
  }
}
