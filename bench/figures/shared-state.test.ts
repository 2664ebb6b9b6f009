import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env-schema';
import { sharedStateEnvs } from './shared-state.mjs';

describe('the shared-state figure’s instances', () => {
  const envs = sharedStateEnvs({
    redisUrl: 'redis://127.0.0.1:6390',
    databaseUrl: 'postgres://postgres@127.0.0.1:5490/postgres',
  });

  // The app refuses to start on a configuration it would run wrongly (several instances each on
  // its own embedded database): the full bench then stopped at this figure, for a week unseen.
  it('start with a configuration the app accepts, on memory and on Redis', () => {
    for (const env of [envs.memory, envs.redis]) {
      expect(() => parseEnv({ NODE_ENV: 'production', ...env })).not.toThrow();
    }
  });

  it('share their secrets and one database, and differ only in Redis', () => {
    const { REDIS_URL, ...rest } = envs.redis;
    expect(REDIS_URL).toBe('redis://127.0.0.1:6390');
    expect(rest).toEqual(envs.memory);
    expect(envs.memory.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5490/postgres');
  });
});
