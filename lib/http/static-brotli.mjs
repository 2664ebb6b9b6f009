// Brotli for the build's scripts and styles, as a CDN in front would send them: Next compresses
// its static files with gzip only, and brotli at its highest quality is 10–15 % smaller on these
// files (bench "quote screen weight"). scripts/serve.mjs (`npm start`, the browser tests, the
// bench) has every script and style of the build compressed before it listens, off the event loop,
// and answers a browser that accepts brotli with those bytes. The compressed files are kept in
// `<distDir>/cache/static-brotli/`, so only the first start after a build pays (about a second
// here). Plain JavaScript so that Node runs scripts/serve.mjs as it is. Not server-only: plain
// Node imports it; it holds no secret.
//
// Next still answers every such request: its status, its headers (the security headers of
// next.config.js, the year-long immutable caching, the ETag, the content type) and its 304s are
// kept; only the body is swapped for the brotli one. A client that does not take brotli, a file
// that could not be compressed, or any other path goes to Next untouched.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import Negotiator from 'negotiator';

const compress = promisify(brotliCompress);

/** Where Next serves `<distDir>/static` from. */
export const STATIC_URL_PREFIX = '/_next/static/';
const COMPRESSIBLE = /\.(?:js|css)$/;
/** Files compressed at once: the work goes to libuv's threads, not the server's event loop. */
const AT_ONCE = 2;

/**
 * Whether the request's Accept-Encoding takes brotli at least as gladly as gzip: browsers list
 * `gzip, deflate, br, zstd` with no weights, and then the server's preference decides.
 */
export function prefersBrotli(acceptEncoding) {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } });
  return negotiator.encoding(['br', 'gzip'], { preferred: ['br', 'gzip'] }) === 'br';
}

/** `/_next/static/chunks/x.js?dpl=1` → `/_next/static/chunks/x.js`, or null for any other path. */
function staticPathOf(url) {
  const path = String(url ?? '').split('?')[0];
  return path.startsWith(STATIC_URL_PREFIX) ? path : null;
}

/**
 * The build's scripts and styles, brotli-compressed (`staticDir` is `<distDir>/static`, `cacheDir`
 * where compressed copies are kept between starts). `prepare()` compresses them, or reads the
 * copies kept; it never rejects: a file that cannot be read is left to Next's gzip.
 * `take(request, response)` says whether it will answer with brotli, and if so readies the
 * response before Next handles the request.
 */
export function createStaticBrotli(staticDir, cacheDir) {
  /** URL path → the file's bytes, brotli-compressed. */
  const compressed = new Map();

  /** The copy kept from an earlier start, if it is not older than the file. */
  async function keptCopy(file, modifiedMs) {
    if (!cacheDir) return null;
    try {
      const kept = join(cacheDir, `${file}.br`);
      return (await stat(kept)).mtimeMs >= modifiedMs ? await readFile(kept) : null;
    } catch {
      return null;
    }
  }

  async function keep(file, body) {
    if (!cacheDir) return;
    try {
      const kept = join(cacheDir, `${file}.br`);
      await mkdir(dirname(kept), { recursive: true });
      await writeFile(kept, body);
    } catch {
      // Compressed again at the next start.
    }
  }

  async function compressOne(file) {
    try {
      const path = join(staticDir, file);
      const { mtimeMs } = await stat(path);
      let body = await keptCopy(file, mtimeMs);
      if (!body) {
        const bytes = await readFile(path);
        body = await compress(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        // Not worth it (a file of a few bytes): Next sends it as it is.
        if (body.length >= bytes.length) return;
        await keep(file, body);
      }
      compressed.set(STATIC_URL_PREFIX + file.split(sep).join('/'), body);
    } catch {
      // Left to Next, which serves it (or its 404) as it always has.
    }
  }

  async function prepare() {
    let files;
    try {
      files = (await readdir(staticDir, { recursive: true })).filter((file) =>
        COMPRESSIBLE.test(file),
      );
    } catch {
      return;
    }
    const queue = [...files];
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          await compressOne(file);
        }
      }),
    );
    await forgetOlderBuilds(new Set(files));
  }

  /** Copies kept for files no longer in the build (an earlier build's chunks) are removed. */
  async function forgetOlderBuilds(files) {
    if (!cacheDir) return;
    try {
      const kept = await readdir(cacheDir, { recursive: true });
      for (const copy of kept) {
        if (copy.endsWith('.br') && !files.has(copy.slice(0, -'.br'.length))) {
          await rm(join(cacheDir, copy), { force: true });
        }
      }
    } catch {
      // Nothing kept yet, or not removable: tried again at the next start.
    }
  }

  function take(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = staticPathOf(request.url);
    const body = path && compressed.get(path);
    if (!body || !prefersBrotli(request.headers['accept-encoding'])) return false;
    // Next sends the file as it is (no gzip); a 200 then goes out with the brotli bytes instead.
    request.headers['accept-encoding'] = 'identity';
    swapBodyOnSuccess(response, body);
    return true;
  }

  return {
    prepare,
    take,
    /** How many files are ready to be sent with brotli. */
    get size() {
      return compressed.size;
    },
  };
}

/**
 * Lets Next write the response's status and headers, and replaces the body of a 200 with `body`
 * (a HEAD gets the headers alone). Anything else (a 304, a 206, a 404, an error) passes as Next
 * wrote it.
 */
function swapBodyOnSuccess(response, body) {
  const { writeHead, write, end } = response;
  const swapping = () => response.statusCode === 200;
  /** The headers of the brotli body, over the ones Next set for the file as it is. */
  function declareBrotli(headers) {
    response.setHeader('content-encoding', 'br');
    response.setHeader('content-length', body.length);
    const vary = String(response.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      response.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    // Headers handed to writeHead itself win over setHeader's: theirs must not say otherwise.
    if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
      for (const name of Object.keys(headers)) {
        if (/^content-(length|encoding)$/i.test(name)) delete headers[name];
      }
    }
  }
  response.writeHead = function writeHeadForBrotli(statusCode, ...rest) {
    if (statusCode === 200) declareBrotli(rest.at(-1));
    return writeHead.call(this, statusCode, ...rest);
  };
  response.write = function writeUnlessSwapping(chunk, ...rest) {
    if (!swapping()) return write.call(this, chunk, ...rest);
    // The uncompressed bytes are dropped; a pending callback still runs.
    const callback = rest.find((arg) => typeof arg === 'function');
    if (callback) process.nextTick(callback);
    return true;
  };
  response.end = function endWithBrotli(...args) {
    if (!swapping()) return end.apply(this, args);
    if (!response.headersSent) declareBrotli();
    const callback = args.find((arg) => typeof arg === 'function');
    return end.call(this, response.req?.method === 'HEAD' ? undefined : body, callback);
  };
}
