import 'server-only';
import { parseEnv, type Env } from './env-schema';

/**
 * The app's configuration, validated once when the server starts (see instrumentation.ts).
 * This is the only module that reads process.env; everything else imports `env` from here.
 */
export const env: Env = parseEnv(process.env);
