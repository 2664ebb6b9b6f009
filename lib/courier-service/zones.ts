import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { env } from '../env';
import { processSingleton } from '../process-singleton';
import { createZoneDirectory, zonesFileSchema, type ZoneDirectory } from './zone-directory';

export const DEFAULT_ZONES_FILE = join(process.cwd(), 'data', 'zones.geojson');

const directories = processSingleton(
  'courier-service:zones',
  () => new Map<string, Promise<ZoneDirectory>>(),
);

async function readZonesFile(file: string): Promise<ZoneDirectory> {
  const parsed = zonesFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`zones file ${file} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return createZoneDirectory(parsed.data);
}

/**
 * The coverage zones of COURIER_ZONES_FILE (default data/zones.geojson), read and validated once
 * per process. A missing or broken file rejects — the quotation answers -160 — and is read again
 * on the next call, so fixing the file heals the service without a restart.
 */
export function loadZones(file: string = env.courierService.zonesFile ?? DEFAULT_ZONES_FILE) {
  let directory = directories.get(file);
  if (!directory) {
    directory = readZonesFile(file);
    directories.set(file, directory);
    directory.catch(() => directories.delete(file));
  }
  return directory;
}
