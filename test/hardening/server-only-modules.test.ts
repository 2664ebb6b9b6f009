import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser never gets the courier client, the session code or the courier service: every
 * module there starts with `import 'server-only'` (Next then fails the build if a browser module
 * reaches it), or says in its header why it is safe without ("Not server-only: …") — and then must
 * not import anything that is. And no browser module ('use client', and all it imports) reaches a
 * server-only module, the environment or those folders, except the modules marked safe.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const GUARDED_FOLDERS = ['lib/courier-client', 'lib/session', 'lib/courier-service'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SERVER_ONLY_IMPORT = /^import 'server-only';$/m;
const SAFE_MARKER = /^\s*(\/\/|\*|\/\*\*?)\s*Not server-only: \S+(\s+\S+){3,}/m;

function sourcesUnder(folder: string): string[] {
  const dir = join(ROOT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The code before the first statement: comments and blank lines. */
function header(text: string): string {
  const lines = text.split('\n');
  const first = lines.findIndex(
    (line) => line.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(line) && !line.trim().endsWith('*/'),
  );
  return lines.slice(0, first < 0 ? lines.length : first).join('\n');
}

/** The first statement is `import 'server-only';`. */
const startsServerOnly = (text: string) =>
  SERVER_ONLY_IMPORT.test(text.slice(header(text).length).split('\n').slice(0, 2).join('\n'));
const saysWhySafe = (text: string) => SAFE_MARKER.test(header(text));

/** Module specifiers imported at run time (type-only imports are erased by the compiler). */
function runtimeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(statement)) {
    const [, , clause = '', specifier = ''] = match;
    if (/^type\s/.test(clause)) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (named && named[1]!.split(',').every((part) => /^\s*(type\s|$)/.test(part))) continue;
    specifiers.push(specifier);
  }
  for (const match of code.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g))
    specifiers.push(match[1]!);
  for (const match of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g))
    specifiers.push(match[1]!);
  return specifiers;
}

/** A specifier as a file of the repository, or undefined for a package or a Node built-in. */
function resolveLocal(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(ROOT, dirname(from), specifier);
  else return undefined;
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.mjs', '.js'].map((ext) => base + ext),
    ...['index.ts', 'index.tsx'].map((name) => join(base, name)),
  ];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return relative(ROOT, found);
}

/** Every repository module `file` loads at run time, itself included. */
function closure(file: string): Set<string> {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const specifier of runtimeImports(read(next))) {
      const local = resolveLocal(next, specifier);
      if (local && /\.(ts|tsx|mts|mjs|js)$/.test(local)) pending.push(local);
    }
  }
  return seen;
}

const isServerOnly = (file: string) => startsServerOnly(read(file));
const guarded = GUARDED_FOLDERS.flatMap(sourcesUnder);

describe('the courier client, the session code and the courier service', () => {
  it('are found where this check looks', () => {
    for (const folder of GUARDED_FOLDERS) {
      expect(guarded.filter((file) => file.startsWith(`${folder}/`)).length).toBeGreaterThan(3);
    }
  });

  it.each(guarded)('%s imports server-only, or says why it is safe without', (file) => {
    const text = read(file);
    expect(
      startsServerOnly(text) || saysWhySafe(text),
      `${file} must start with import 'server-only' or explain "Not server-only: …" in its header`,
    ).toBe(true);
  });

  it.each(guarded.filter((file) => !isServerOnly(file)))(
    '%s, marked safe, reaches no server-only module and no environment',
    (file) => {
      const reached = [...closure(file)].filter((other) => other !== file);
      expect(reached.filter(isServerOnly)).toEqual([]);
      for (const other of [file, ...reached]) {
        expect(read(other)).not.toMatch(/process\.env\.(?!NODE_ENV\b|NEXT_PUBLIC_)/);
      }
    },
  );
});

const clientEntries = ['app', 'components']
  .flatMap(sourcesUnder)
  .filter((file) =>
    /^\s*['"]use client['"];?/m.test(header(read(file)) + read(file).slice(0, 200)),
  );

describe('the browser’s modules', () => {
  it('are found where this check looks', () => {
    expect(clientEntries.length).toBeGreaterThan(3);
  });

  it('reach no server-only module, no environment, and nothing guarded that is not marked safe', () => {
    const problems: string[] = [];
    for (const entry of clientEntries) {
      for (const file of closure(entry)) {
        const text = read(file);
        if (startsServerOnly(text)) problems.push(`${entry} → ${file} (server-only)`);
        if (/process\.env\.(?!NODE_ENV\b|NEXT_PUBLIC_)/.test(text))
          problems.push(`${entry} → ${file} (reads a server variable)`);
        if (GUARDED_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && !saysWhySafe(text))
          problems.push(`${entry} → ${file} (guarded, not marked safe)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the check sees through @/ aliases, relative paths and re-exports', () => {
    // lib/courier-client/index.ts re-exports the client: its closure must hold client.ts and env.
    const reached = closure('lib/courier-client/index.ts');
    expect(reached).toContain('lib/courier-client/client.ts');
    expect(reached).toContain('lib/env.ts');
    expect(isServerOnly('lib/env.ts')).toBe(true);
  });
});

describe('the dispatch app’s API contract (lib/api)', () => {
  const contract = sourcesUnder('lib/api');

  it('is found where this check looks', () => {
    expect(contract.length).toBeGreaterThan(2);
  });

  it('reaches the browser only as the endpoints’ places, the sign-in form’s schema and types: the answers’ schemas (zod) stay on the server', () => {
    const reached = new Set(
      clientEntries
        .flatMap((entry) => [...closure(entry)])
        .filter((file) => file.startsWith('lib/api/')),
    );
    expect(reached.size).toBeGreaterThan(0);
    for (const file of reached)
      expect(['lib/api/endpoints.ts', 'lib/api/errors.ts', 'lib/api/sign-in-schema.ts']).toContain(
        file,
      );
  });

  it.each(contract)('%s can be imported by the browser: nothing server-only, no secret', (file) => {
    expect(saysWhySafe(read(file)), `${file} must say "Not server-only: …" in its header`).toBe(
      true,
    );
    for (const reached of closure(file)) {
      expect(isServerOnly(reached), `${file} → ${reached}`).toBe(false);
      expect(read(reached)).not.toMatch(/process\.env\.(?!NODE_ENV\b|NEXT_PUBLIC_)/);
    }
  });
});
