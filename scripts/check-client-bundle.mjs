// Fails when the browser's bundle (`$NEXT_DIST_DIR/static`, default .next/static) or the service
// worker the build made (`$NEXT_DIST_DIR/server/app/sw.js.body`, served at /sw.js) holds a server
// secret — the value of the courier client secret, the session or JWT signing secret, an API
// client's secret, the demo password — or even the name of a server-only variable, a sign that
// server code was bundled for the browser. Run after `next build`:
//   node scripts/check-client-bundle.mjs [static-dir]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every variable lib/env-schema.ts reads, but for those the browser may know (NEXT_PUBLIC_*) and
 * words too common to search for (NODE_ENV, PORT): a new server variable is covered without
 * editing this list.
 */
function schemaVariableNames() {
  const schema = readFileSync(join(import.meta.dirname, '..', 'lib', 'env-schema.ts'), 'utf8');
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)]
    .map((match) => match[1])
    .filter((name) => !name.startsWith('NEXT_PUBLIC_') && !['NODE_ENV', 'PORT'].includes(name));
}

const SERVER_ONLY_NAMES = [
  ...new Set([
    'COURIER_CLIENT_SECRET',
    'SESSION_SECRET',
    'COURIER_JWT_SECRET',
    'COURIER_ACCOUNTS_FILE',
    'COURIER_CLIENTS',
    ...schemaVariableNames(),
  ]),
];

/** [what, value] pairs: the secrets of the configuration the build will run with. */
function secretValues(env) {
  const values = [
    ['the value of COURIER_CLIENT_SECRET', env.COURIER_CLIENT_SECRET || 'demo-secret'],
    ['the value of SESSION_SECRET', env.SESSION_SECRET],
    ['the value of COURIER_JWT_SECRET', env.COURIER_JWT_SECRET],
    ['the demo password', 'demo-password'],
  ];
  for (const pair of (env.COURIER_CLIENTS ?? '').split(',')) {
    const secret = pair.slice(pair.indexOf(':') + 1).trim();
    if (pair.includes(':') && secret)
      values.push(['an API client secret of COURIER_CLIENTS', secret]);
  }
  return values.filter(([, value]) => value && value.length >= 6);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

const distDir = process.env.NEXT_DIST_DIR || '.next';
const staticDir = process.argv[2] ?? join(distDir, 'static');
// The worker is downloaded by every browser too (a prerendered route, outside static/).
const workerFiles = process.argv[2]
  ? []
  : [join(distDir, 'server', 'app', 'sw.js.body')].filter((file) => existsSync(file));
if (!existsSync(staticDir)) {
  console.error(`check-client-bundle: ${staticDir} does not exist; run next build first.`);
  process.exit(2);
}

/**
 * A variable's name counts as a whole word only: `ROUTER` is a server variable, but Next's own
 * `NEXT_ROUTER_STATE_TREE_HEADER` in the browser runtime says nothing about it.
 */
const asWord = (name) => new RegExp(`(?<![A-Za-z0-9_$])${name}(?![A-Za-z0-9_$])`);
const needles = [
  ...secretValues(process.env).map(([what, value]) => [what, (text) => text.includes(value)]),
  ...SERVER_ONLY_NAMES.map((name) => [
    `the server-only variable name ${name}`,
    (text) => asWord(name).test(text),
  ]),
];
const findings = [];
const files = [...filesUnder(staticDir), ...workerFiles];
for (const file of files) {
  const text = readFileSync(file).toString('latin1');
  for (const [what, found] of needles) {
    if (found(text)) findings.push(`${relative(process.cwd(), file)}: contains ${what}`);
  }
}

if (findings.length > 0) {
  console.error('check-client-bundle: the browser bundle holds server secrets:');
  for (const finding of findings) console.error(`  - ${finding}`);
  process.exit(1);
}
console.log(
  `check-client-bundle: ${files.length} files in ${staticDir}${workerFiles.length ? ' and the service worker' : ''} hold no server secret.`,
);
