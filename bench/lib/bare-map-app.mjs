// The floor of this stack, the baseline of "time to first pin" and of Lighthouse (issue 28): a bare
// Next page with what the quote screen shows and nothing of its own making. The screen's map
// (react-leaflet, the same tiles, centre, zoom and size on a portrait tablet) with two markers on
// it, where a tap drops a pin carrying data-pin="A" as the app's does; and below it a plain
// 10-field form (street, number, interior, colonia and postal code of a pickup and a drop-off),
// HTML drawn on the server with no script of its own. At /quote, the same map and fields in a
// client form that asks /api/quote for a fixed price: the floor of a "Cotizar" (tap-to-price). The bench writes it into a temporary
// directory, builds it with the app's own node_modules (same Next, React, Leaflet) and serves it
// with `next start`.
//
// The app's build also gets V8's compile hint on every script chunk (scripts/compile-hints.mjs);
// Next does not write it, so the bare page, the floor as Next builds it, goes without. A copy with
// the hint (`hintedCopyOf`) is served beside it as context: the floor given the app's one step.
//
// Plain .jsx, not .tsx: a TypeScript file would make `next build` type-check it and write a
// tsconfig.json, time spent on nothing the page serves.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCompileHints } from '../../scripts/compile-hints.mjs';
import { NEXT_BIN, ROOT, freePort, startServerProcess } from './app-server.mjs';

/** Where the app's map opens for a dispatcher of the demo zone (components/map/zone-views.ts). */
const CDMX = { lat: 19.4245, lng: -99.1635, zoom: 14 };

const FILES = {
  // Turbopack refuses a node_modules symlink that leads outside its root: the root is the
  // filesystem's, so that the app's node_modules (wherever it is) can be read.
  'next.config.mjs': `export default { turbopack: { root: '/' }, outputFileTracingRoot: '/' };\n`,
  'app/layout.jsx': `
export const metadata = { title: 'Bare map' };

export default function RootLayout({ children }) {
  return (
    <html lang="es-MX">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
`,
  // Rendered per request, as the app's screen is: the tile server's address comes at run time.
  'app/page.jsx': `
import { connection } from 'next/server';
import { BareMap } from './bare-map';
import { Stop } from './stop-fields';

export default async function Page() {
  await connection();
  return (
    <main>
      <h1 style={{ fontSize: 20, margin: 8 }}>Cotizar un envío</h1>
      <BareMap tileUrl={process.env.BENCH_TILE_URL} />
      <form style={{ padding: 8 }}>
        <Stop name="pickup" legend="A · Recolección" />
        <Stop name="dropoffs.0" legend="B · Entrega" />
        <button type="submit">Cotizar</button>
      </form>
    </main>
  );
}
`,
  // A stop's five fields, drawn by the server on / and by the client form on /quote.
  'app/stop-fields.jsx': `
const FIELDS = [
  ['street', 'Calle'],
  ['exteriorNumber', 'Número exterior'],
  ['interiorNumber', 'Número interior'],
  ['neighborhood', 'Colonia'],
  ['zipCode', 'Código postal'],
];

export function Stop({ name, legend }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {FIELDS.map(([field, label]) => (
        <label key={field} style={{ display: 'block', margin: '8px 0' }}>
          {label}
          <input name={name + '.' + field} style={{ display: 'block', width: '100%' }} />
        </label>
      ))}
    </fieldset>
  );
}
`,
  // The floor of a "Cotizar" (tap-to-price.mjs): the same map, and the 10 fields in a client form
  // whose submit posts them to /api/quote and shows the answer in a card; a change to a field marks
  // the card stale. The tap → price figure's selectors: form#quote-panel, its submit button, the
  // card labelled by #quote-result-title with data-state and a [data-testid="quote-total"].
  'app/quote/page.jsx': `
import { connection } from 'next/server';
import { BareMap } from '../bare-map';
import { BareQuoteForm } from './bare-quote-form';

export default async function Page() {
  await connection();
  return (
    <main>
      <h1 style={{ fontSize: 20, margin: 8 }}>Cotizar un envío</h1>
      <BareMap tileUrl={process.env.BENCH_TILE_URL} />
      <BareQuoteForm />
    </main>
  );
}
`,
  'app/quote/bare-quote-form.jsx': `'use client';
import { useState } from 'react';
import { Stop } from '../stop-fields';

export function BareQuoteForm() {
  const [result, setResult] = useState({ state: 'empty', quote: null });
  const [pending, setPending] = useState(false);
  async function submit(event) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    setPending(true);
    const response = await fetch('/api/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const quote = await response.json();
    setPending(false);
    setResult({ state: 'fresh', quote });
  }
  const changed = () => setResult((r) => (r.state === 'fresh' ? { ...r, state: 'stale' } : r));
  return (
    <form id="quote-panel" style={{ padding: 8 }} onSubmit={submit} onChange={changed}>
      <section aria-labelledby="quote-result-title" data-state={result.state}>
        <h2 id="quote-result-title" style={{ fontSize: 18 }}>Cotización</h2>
        {result.quote && (
          <dl>
            <dt>Total</dt>
            <dd data-testid="quote-total">{result.quote.total}</dd>
            <dt>Entrega</dt>
            <dd>{result.quote.minutes} min</dd>
            <dt>Distancia</dt>
            <dd>{result.quote.km} km</dd>
            <dt>Vehículo</dt>
            <dd>{result.quote.bicycle ? 'Bicicleta' : 'Moto'}</dd>
          </dl>
        )}
      </section>
      <Stop name="pickup" legend="A · Recolección" />
      <Stop name="dropoffs.0" legend="B · Entrega" />
      <button type="submit" disabled={pending}>{pending ? 'Cotizando…' : 'Cotizar'}</button>
    </form>
  );
}
`,
  // A fixed answer at once: the figure takes the answer's own time out, so only the page counts.
  'app/api/quote/route.js': `
export async function POST(request) {
  await request.json();
  return Response.json({ total: '$35.00', minutes: 28, km: 1.58, bicycle: true });
}
`,
  // As the app does: Leaflet needs a browser, so it comes in its own chunk after the first paint.
  'app/bare-map.jsx': `'use client';
import dynamic from 'next/dynamic';

const LeafletMap = dynamic(() => import('./leaflet-map'), { ssr: false });

export function BareMap({ tileUrl }) {
  return (
    <div style={{ width: '100vw', height: '40dvh', minHeight: 200 }}>
      <LeafletMap tileUrl={tileUrl} />
    </div>
  );
}
`,
  'app/leaflet-map.jsx': `'use client';
import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { useState } from 'react';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';

const icon = (html) => divIcon({ className: '', html, iconSize: [52, 66], iconAnchor: [26, 66] });
const PIN = icon('<span data-pin="A">A</span>');
/** Two markers at the opening view, there from the start: not pin A, which only a tap places. */
const MARKERS = [
  [${CDMX.lat + 0.003}, ${CDMX.lng - 0.004}],
  [${CDMX.lat - 0.003}, ${CDMX.lng + 0.004}],
].map((position, i) => ({ position, icon: icon('<span data-marker="' + (i + 1) + '">' + (i + 1) + '</span>') }));

function DropPin() {
  const [at, setAt] = useState(null);
  useMapEvents({ click: (event) => setAt(event.latlng) });
  return at ? <Marker position={at} icon={PIN} /> : null;
}

export default function LeafletMap({ tileUrl }) {
  return (
    <MapContainer
      center={[${CDMX.lat}, ${CDMX.lng}]}
      zoom={${CDMX.zoom}}
      maxZoom={19}
      style={{ width: '100%', height: '100%' }}
    >
      <TileLayer url={tileUrl} maxZoom={19} attribution="&copy; OpenStreetMap" />
      {MARKERS.map(({ position, icon }, i) => (
        <Marker key={i} position={position} icon={icon} />
      ))}
      <DropPin />
    </MapContainer>
  );
}
`,
};

const versionOf = (name) =>
  JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

/**
 * The bare app's directory, built. A build is kept in the temporary directory under a name made
 * of the page's sources, the checkout and the versions it is built with, so a second bench run reuses
 * it; `built.seconds` is how long this call's build took (0 when reused).
 */
export function buildBareMapApp({ log = () => {} } = {}) {
  const versions = ['next', 'react', 'react-dom', 'leaflet', 'react-leaflet'].map(
    (name) => `${name}@${versionOf(name)}`,
  );
  const key = createHash('sha256')
    // The checkout too: the build's node_modules link leads to this one's.
    .update(JSON.stringify({ FILES, versions, root: ROOT }))
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), `dispatch-quote-bare-map-${key}`);
  const stamp = join(dir, 'built');
  if (existsSync(stamp)) return { dir, seconds: 0, reused: true, versions };

  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  log(`building the bare map page in ${dir} (next build)…`);
  const started = Date.now();
  const result = spawnSync('nice', ['-n', '10', process.execPath, NEXT_BIN, 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(
      `the bare map page did not build:\n${(result.stdout + result.stderr).slice(-3000)}`,
    );
  }
  writeFileSync(stamp, new Date().toISOString());
  return { dir, seconds: (Date.now() - started) / 1000, reused: false, versions };
}

/**
 * A copy of the built bare app (`build` from buildBareMapApp) whose script chunks carry the app's
 * compile hint, in a directory of its own beside it; `chunks` is how many were marked. Copied, not
 * built again: the hint changes the chunks only, and Next's module ids, which name the build's
 * directory, stay what the manifests say. Made afresh on each call (a fraction of a second), so it
 * can never lag a rebuilt page or a changed hint. Turbopack's cache is left out (`next start`
 * reads none of it); node_modules, a link to the checkout's, stays a link.
 */
export function hintedCopyOf(build) {
  const dir = `${build.dir}-with-compile-hints`;
  const cache = join(build.dir, '.next', 'cache');
  rmSync(dir, { recursive: true, force: true });
  cpSync(build.dir, dir, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => source !== cache,
  });
  if (!lstatSync(join(dir, 'node_modules')).isSymbolicLink()) {
    throw new Error(`${dir}/node_modules is not a link to the checkout's`);
  }
  const chunks = addCompileHints(join(dir, '.next'));
  // A copy of a build already marked would be the bare page again, under another name.
  if (chunks === 0) throw new Error(`no script chunk of ${dir} took the compile hint`);
  return { dir, chunks };
}

/** `next start` of the built bare app on a free loopback port, its tiles from `tileUrl`. */
export async function startBareMapApp(dir, { tileUrl }) {
  return startServerProcess({
    label: 'bare map page',
    port: await freePort(),
    args: [NEXT_BIN, 'start'],
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      BENCH_TILE_URL: tileUrl,
    },
    readyPath: '/',
  });
}
