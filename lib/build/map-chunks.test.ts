import { describe, expect, it } from 'vitest';
import { LEAFLET_MARK, mapChunkFiles } from './map-chunks';

/** A chunk as Turbopack writes one that holds dynamic imports (shape of a real build's). */
const importer = (lists: string[][]) => ({
  file: 'static/chunks/2p92kugk65jlb.js',
  source:
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,' +
    lists
      .map(
        (files, i) =>
          `${53732 + i},e=>{e.v(t=>Promise.all(${JSON.stringify(files)}.map(t=>e.l(t))).then(()=>t(${96972 + i})))}`,
      )
      .join(',') +
    ',96360,e=>{e.v({frame:"MoEula_frame",map:"MoEula_map"})}]);',
});
const leaflet = {
  file: 'static/chunks/2ex_pdpi94ctl.js',
  source: `var a={prefix:'<a href="https://leafletjs.com" title="${LEAFLET_MARK}">Leaflet</a>'};`,
};
const other = { file: 'static/chunks/1g-r6odmo7v7a.js', source: 'console.log("react")' };
const MAP_LIST = [
  'static/chunks/0n8kzvw2z_6as.css',
  'static/chunks/3-1ktbtz9elf4.js',
  'static/chunks/2ex_pdpi94ctl.js',
];
const PLACES_LIST = ['static/chunks/0places1234567.js'];

describe('mapChunkFiles: the files of the dynamic import that loads Leaflet', () => {
  it('finds the list that names Leaflet’s chunk, with its stylesheet, among other imports', () => {
    expect(mapChunkFiles([other, importer([PLACES_LIST, MAP_LIST]), leaflet])).toEqual(MAP_LIST);
  });

  it('finds nothing when no chunk holds Leaflet', () => {
    expect(mapChunkFiles([other, importer([PLACES_LIST, MAP_LIST])])).toEqual([]);
  });

  it('finds nothing when no list names Leaflet’s chunk (Leaflet in the page’s own scripts)', () => {
    expect(mapChunkFiles([other, importer([PLACES_LIST]), leaflet])).toEqual([]);
  });

  it('does not take a list of other strings for a chunk list', () => {
    const lookalike = {
      file: 'static/chunks/0look.js',
      source: 'const a=["static/chunks/2ex_pdpi94ctl.js","/elsewhere.js"];',
    };
    expect(mapChunkFiles([lookalike, leaflet])).toEqual([]);
  });
});
