import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compile-hints.mjs';

let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function buildWith(files: Record<string, string>) {
  dist = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  for (const [name, text] of Object.entries(files)) {
    const file = join(dist, 'static', name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
}
const read = (name: string) => readFileSync(join(dist, 'static', name), 'utf8');

describe('compile hints on the build', () => {
  it('puts the hint on the first line of every script chunk, and nowhere else', () => {
    const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([0,1,(e)=>{}]);';
    buildWith({
      'chunks/a.js': chunk,
      'chunks/nested/b.js': chunk,
      'chunks/app.css': 'body{margin:0}',
      'media/logo.svg': '<svg/>',
    });
    expect(addCompileHints(dist)).toBe(2);
    expect(read('chunks/a.js')).toBe(`//# allFunctionsCalledOnLoad\n${chunk}`);
    expect(read('chunks/nested/b.js').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(read('chunks/app.css')).toBe('body{margin:0}');
    expect(read('media/logo.svg')).toBe('<svg/>');
  });

  it('marks a chunk once, however often it runs (npm run build, then a test build)', () => {
    buildWith({ 'chunks/a.js': 'x()' });
    addCompileHints(dist);
    expect(addCompileHints(dist)).toBe(0);
    expect(read('chunks/a.js')).toBe(`${COMPILE_HINT}x()`);
  });
});
