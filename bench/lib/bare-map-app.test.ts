import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs';
import { hintedCopyOf } from './bare-map-app.mjs';

const CHUNK = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([0,1,(e)=>{}]);';

let parent: string;
let build: { dir: string };

/** A bare page's build as buildBareMapApp leaves it: sources, .next with its cache, a node_modules link. */
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'bare-map-app-'));
  const dir = join(parent, 'dispatch-quote-bare-map-0123');
  const files = {
    'app/page.jsx': 'export default function Page() {}',
    '.next/BUILD_ID': 'abc',
    '.next/static/chunks/a.js': CHUNK,
    '.next/server/app/page.js': 'module.exports = {}',
    '.next/cache/turbopack/blob': 'x'.repeat(1000),
    built: '2026-12-05T08:00:00.000Z',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(parent, 'checkout-node_modules'));
  symlinkSync(join(parent, 'checkout-node_modules'), join(dir, 'node_modules'), 'dir');
  build = { dir };
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

describe('the bare page given the app’s compile hint', () => {
  it('is a copy whose script chunks carry the hint, the built page left as Next made it', () => {
    const hinted = hintedCopyOf(build);
    expect(hinted.dir).not.toBe(build.dir);
    expect(hinted.chunks).toBe(1);
    expect(readFileSync(join(hinted.dir, '.next/static/chunks/a.js'), 'utf8')).toBe(
      COMPILE_HINT + CHUNK,
    );
    expect(readFileSync(join(build.dir, '.next/static/chunks/a.js'), 'utf8')).toBe(CHUNK);
  });

  it('can be served by `next start` from its own directory: the same build id and server files', () => {
    const { dir } = hintedCopyOf(build);
    expect(readFileSync(join(dir, '.next/BUILD_ID'), 'utf8')).toBe('abc');
    expect(existsSync(join(dir, '.next/server/app/page.js'))).toBe(true);
    expect(existsSync(join(dir, 'app/page.jsx'))).toBe(true);
  });

  it('links to the checkout’s packages rather than copying them, and leaves the build cache out', () => {
    const { dir } = hintedCopyOf(build);
    expect(lstatSync(join(dir, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'node_modules'))).toBe(join(parent, 'checkout-node_modules'));
    expect(existsSync(join(dir, '.next/cache'))).toBe(false);
  });

  it('is made afresh each time, so a rebuilt page is never served from a stale copy', () => {
    hintedCopyOf(build);
    writeFileSync(join(build.dir, '.next/static/chunks/a.js'), 'rebuilt()');
    const { dir } = hintedCopyOf(build);
    expect(readFileSync(join(dir, '.next/static/chunks/a.js'), 'utf8')).toBe(
      `${COMPILE_HINT}rebuilt()`,
    );
  });

  it('refuses a build already marked: the copy would be the bare page again under another name', () => {
    writeFileSync(join(build.dir, '.next/static/chunks/a.js'), COMPILE_HINT + CHUNK);
    expect(() => hintedCopyOf(build)).toThrow(/no script chunk/);
  });
});
