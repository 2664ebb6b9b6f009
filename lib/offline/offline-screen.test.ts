import { describe, expect, it } from 'vitest';
import { buildFilesNamedIn, buildLabel, startsOfflineWith } from './offline-screen';

const HTML = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/_next/static/chunks/0-mc19h4qw_gb.css" data-precedence="next"/>
<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/2kfx0fnhzi9gq.js"/>
<script src="/_next/static/chunks/turbopack-2u1d16houkiyo.js?dpl=abc" async="" nonce="n0"></script>
</head><body><script nonce="n0">self.__next_f.push([1,"2:I[\\"/_next/static/chunks/1y1w995kkok-5.js\\"]"])</script>
<img src="https://tile.openstreetmap.org/14/3678/7290.png"></body></html>`;

const ALL = new Set([
  '/_next/static/chunks/0-mc19h4qw_gb.css',
  '/_next/static/chunks/2kfx0fnhzi9gq.js',
  '/_next/static/chunks/turbopack-2u1d16houkiyo.js',
  '/_next/static/chunks/1y1w995kkok-5.js',
]);

describe('the kept copy of the screen', () => {
  it('knows every build file the page names: styles, scripts, preloads and those of its payload', () => {
    expect(buildFilesNamedIn(HTML).sort()).toEqual([...ALL].sort());
  });

  it('is kept only when the precache holds every one of them (a page of another build is not)', () => {
    expect(startsOfflineWith(HTML, ALL)).toBe(true);
    const olderBuild = new Set([...ALL].filter((file) => !file.includes('1y1w995kkok')));
    expect(startsOfflineWith(HTML, olderBuild)).toBe(false);
    expect(startsOfflineWith('<html><body>Sign in</body></html>', ALL)).toBe(false);
  });

  it('lives in a cache named after the build, the same in every browser', () => {
    expect(buildLabel(['/b.js', '/a.js'])).toBe(buildLabel(['/a.js', '/b.js']));
    expect(buildLabel(['/a.js'])).not.toBe(buildLabel(['/a.js', '/b.js']));
    expect(buildLabel([])).toMatch(/^[0-9a-z]+$/);
  });
});
