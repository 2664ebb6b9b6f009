import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';

/** Leaflet's attribution prefix: in Leaflet's own chunk, and in no other. */
export const LEAFLET_MARK = 'A JavaScript library for interactive maps';

/** One of the build's chunk files: its path under the build (`static/chunks/…`) and its text. */
export type BuiltChunk = { file: string; source: string };

/**
 * A list of chunk files as the bundler writes a dynamic import's into the code that imports it
 * (Turbopack: `Promise.all(["static/chunks/….css","static/chunks/….js"].map(load))`).
 */
const CHUNK_LIST = /\[\s*"static\/chunks\/[^"\]]+"(?:\s*,\s*"static\/chunks\/[^"\]]+")*\s*\]/g;

/**
 * The files the browser loads for the map (components/map/leaflet-map.tsx, a dynamic import):
 * the list, in the build's chunks, of a dynamic import that names Leaflet's chunk. Empty when the
 * build has no such list (a bundler that writes it otherwise): the map then loads as it always
 * did, when React reaches it.
 */
export function mapChunkFiles(chunks: readonly BuiltChunk[]): string[] {
  const leaflet = new Set(
    chunks.filter((chunk) => chunk.source.includes(LEAFLET_MARK)).map((chunk) => chunk.file),
  );
  if (leaflet.size === 0) return [];
  for (const { source } of chunks) {
    for (const [list] of source.matchAll(CHUNK_LIST)) {
      const files = JSON.parse(list) as string[];
      if (files.some((file) => leaflet.has(file))) return files;
    }
  }
  return [];
}

async function readBuiltChunks(distDir: string): Promise<BuiltChunk[]> {
  const dir = join(distDir, 'static', 'chunks');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  return Promise.all(
    names.map(async (name) => ({
      file: `static/chunks/${name}`,
      source: await readFile(join(dir, name), 'utf8'),
    })),
  );
}

/**
 * The map's chunks as URLs, looked up once per process in the production build (none in
 * development, where Next builds chunks on demand).
 */
export function mapChunkUrls(): Promise<readonly string[]> {
  return processSingleton('build:map-chunk-urls', async () => {
    if (!env.isProduction) return [];
    try {
      const files = mapChunkFiles(await readBuiltChunks(env.distDir));
      if (files.length === 0) {
        log.warn({ distDir: env.distDir }, 'map chunks not found in the build: not preloaded');
      }
      return files.map((file) => `/_next/${file}`);
    } catch (error) {
      log.warn(
        { distDir: env.distDir, err: error },
        'build not readable: map chunks not preloaded',
      );
      return [];
    }
  });
}
