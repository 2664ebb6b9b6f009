import 'server-only';
import { EnvError } from './env-schema';

export async function checkConfigurationAtStartup(): Promise<void> {
  try {
    const { env } = await import('./env');
    for (const warning of env.warnings) console.warn(`[dispatch-quote] ${warning}`);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`[dispatch-quote] ${error.message}\nThe server did not start.`);
      process.exit(1);
    }
    throw error;
  }
}
