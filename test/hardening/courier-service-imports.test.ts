import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The built-in courier is a service of its own that happens to be deployed with the app: it may
 * read the wire format both sides share (lib/courier-api) and generic helpers, never the dispatch
 * app's session, quoting, API contract, geocoding, courier client or its ApiError. Else a change
 * to the app could change what the courier answers, and the courier could not be moved out.
 * Every import counts here, types included: a type from the app is a dependency on the app too.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVICE = 'lib/courier-service';

/** What a courier-service module may import besides its own folder and npm packages. */
const ALLOWED = [
  'lib/courier-api/',
  'lib/env.ts',
  'lib/log.ts',
  'lib/process-singleton.ts',
  'lib/geo/',
  'lib/rate-limit/',
  'lib/cache/lookup-cache.ts',
  // Generic HTTP reading: an address, a body within limits, a caller that went away.
  'lib/http/client-address.ts',
  'lib/http/client-went-away.ts',
  'lib/http/read-body.ts',
  // The road router client it prices road distance with (no answer shape of the app's).
  'lib/road-routes/osrm.ts',
  'lib/road-routes/errors.ts',
  'lib/road-routes/route-key.ts',
];

/** What nothing the courier service loads may reach, however indirectly. */
const FORBIDDEN = [
  'app/',
  'components/',
  'lib/api/',
  'lib/courier-client/',
  'lib/geocoding/',
  'lib/http/api-error.ts',
  'lib/http/api-route.ts',
  'lib/http/read-json.ts',
  'lib/quote/',
  'lib/quoting/',
  'lib/session/',
];

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of the file: static, type-only, re-exported, side-effect and dynamic. */
function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\s[\s\S]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
    /import\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

/** The repository file a specifier names, or undefined for a package or a Node built-in. */
function fileOf(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(ROOT, dirname(from), specifier);
  else return undefined;
  const found = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts']
    .map((ending) => base + ending)
    .find((path) => existsSync(path) && statSync(path).isFile());
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return relative(ROOT, found);
}

const importsOf = (file: string) =>
  specifiers(read(file)).flatMap((specifier) => fileOf(file, specifier) ?? []);

const isAllowed = (file: string) =>
  file.startsWith(`${SERVICE}/`) ||
  file === 'package.json' ||
  ALLOWED.some(
    (allowed) => file === allowed || (allowed.endsWith('/') && file.startsWith(allowed)),
  );

const service = sources(SERVICE);

describe('the built-in courier depends on the wire format and generic helpers only', () => {
  it('its modules are found where this check looks', () => {
    expect(service.length).toBeGreaterThan(10);
    expect(importsOf(`${SERVICE}/tokens.ts`)).toContain('lib/courier-api/wire.ts');
  });

  it.each(service)('%s imports nothing of the dispatch app', (file) => {
    expect(importsOf(file).filter((imported) => !isAllowed(imported))).toEqual([]);
  });

  it('nothing it loads, however indirectly, reaches the app’s session, quoting, API or client', () => {
    const seen = new Set<string>();
    const pending = [...service];
    const paths = new Map<string, string>(service.map((file) => [file, file]));
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file) || !/\.(ts|mts|mjs|js)$/.test(file)) continue;
      seen.add(file);
      for (const next of importsOf(file)) {
        if (!paths.has(next)) paths.set(next, `${paths.get(file)} → ${next}`);
        pending.push(next);
      }
    }
    const reached = [...seen].filter((file) => FORBIDDEN.some((place) => file.startsWith(place)));
    expect(reached.map((file) => paths.get(file))).toEqual([]);
  });
});
