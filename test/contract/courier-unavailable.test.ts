import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import {
  courierCalls,
  ERROR_MODES,
  failureStatus,
  leaksInternals,
  SONORA_180,
  startCourierInMode,
  trip,
  VARSOVIA_36,
  type ErrorMode,
} from './courier-fixtures';

// Its own server: this file breaks the zones and accounts files on purpose.
const FAULTS_CLIENT = { id: 'faults-client', secret: 'faults-client-secret-0123' };

describe.each(ERROR_MODES)('courier service faults, %s error mode', (mode: ErrorMode) => {
  let server: AppServer;
  let courier: ReturnType<typeof courierCalls>;
  let dir: string;
  let zonesFile: string;
  let accountsFile: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'courier-unavailable-'));
    zonesFile = join(dir, 'zones.geojson');
    accountsFile = join(dir, 'accounts.json');
    copyFileSync(join(import.meta.dirname, '../../data/demo-accounts.json'), accountsFile);
    writeFileSync(zonesFile, '{"type": "FeatureCollection", "features": [ oops');
    server = await startCourierInMode(mode, {
      COURIER_ZONES_FILE: zonesFile,
      COURIER_ACCOUNTS_FILE: accountsFile,
      // Real accounts close the public demo client: the calls come as a client of their own.
      COURIER_CLIENTS: `${FAULTS_CLIENT.id}:${FAULTS_CLIENT.secret}`,
      LOG_LEVEL: 'error',
    });
    // Imported only now: the logger reads its level from the environment set above.
    const { redirectLogs } = await import('@/lib/log');
    redirectLogs({ write: (line) => void logLines.push(line) });
    courier = courierCalls(server.url, { client: FAULTS_CLIENT });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function expectUnavailable(response: Response) {
    const text = await response.text();
    expect(response.status).toBe(failureStatus(mode, 503));
    expect(JSON.parse(text)).toEqual({ code: -160, message: 'Servicio no disponible' });
    expect(leaksInternals(text)).toBe(false);
    expect(text).not.toContain(dir);
  }

  it('answers -160 "Servicio no disponible" when its zones file cannot be read, and logs why without a stack', async () => {
    const login = loginResponseSchema.parse(await (await courier.login()).json());
    await expectUnavailable(
      await courier.quote(trip(VARSOVIA_36, SONORA_180), login.token.access_token),
    );
    const faultLine = logLines.find((line) => JSON.parse(line).fault);
    const fault = JSON.parse(faultLine ?? '{}');
    expect(fault).toMatchObject({ level: 50, fault: { type: 'SyntaxError' } });
    // The line as written: a stack would show there as an escaped "\n    at …".
    expect(faultLine).not.toMatch(/\\n\s+at /);
    expect(fault.fault).not.toHaveProperty('stack');
  });

  it('recovers without a restart once the zones file is fixed', async () => {
    copyFileSync(join(import.meta.dirname, '../../data/zones.geojson'), zonesFile);
    const login = loginResponseSchema.parse(await (await courier.login()).json());
    const response = await courier.quote(trip(VARSOVIA_36, SONORA_180), login.token.access_token);
    expect(response.status).toBe(200);
    expect((await response.json()).code).toBe(0);
  });

  it('answers -160 to a login when the accounts file is broken', async () => {
    writeFileSync(accountsFile, '[{"email": "half');
    await expectUnavailable(await courier.login());
  });
});
