import { createReadStream, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticBrotli, prefersBrotli } from './static-brotli.mjs';

// Over real HTTP: a Node server that answers as Next answers its static files (headers set one by
// one, then the file streamed; or all headers in writeHead), with the brotli swap in front.

const SCRIPT = `globalThis.TURBOPACK = ${JSON.stringify('a script that compresses well '.repeat(200))};`;

describe('prefersBrotli', () => {
  it('takes brotli from a browser’s unweighted list, and never against the client’s weights', () => {
    expect(prefersBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(prefersBrotli('br')).toBe(true);
    expect(prefersBrotli('gzip')).toBe(false);
    expect(prefersBrotli('gzip;q=1, br;q=0.5')).toBe(false);
    expect(prefersBrotli('br;q=0, gzip')).toBe(false);
    expect(prefersBrotli('identity')).toBe(false);
    expect(prefersBrotli(undefined)).toBe(false);
  });
});

describe('the build’s static files with brotli', () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let brotli: ReturnType<typeof createStaticBrotli>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'static-brotli-'));
    await mkdir(join(dir, 'chunks'));
    await writeFile(join(dir, 'chunks', 'app.js'), SCRIPT);
    await writeFile(join(dir, 'chunks', 'head.js'), SCRIPT);
    await writeFile(join(dir, 'chunks', 'tiny.js'), 'x');
    await writeFile(join(dir, 'chunks', 'data.json'), SCRIPT);
    brotli = createStaticBrotli(dir);
    await brotli.prepare();
    server = createServer((request, response) => {
      brotli.take(request, response);
      const name = request.url!.replace('/_next/static/', '');
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304).end();
      } else if (name === 'chunks/head.js') {
        // All headers in writeHead, then the body in two writes.
        response.writeHead(200, {
          'Content-Type': 'application/javascript',
          'Content-Length': String(SCRIPT.length),
          etag: '"v1"',
        });
        response.write(SCRIPT.slice(0, 100));
        response.end(SCRIPT.slice(100));
      } else if (name.startsWith('chunks/')) {
        // As the `send` package does: headers one by one, the file piped.
        response.setHeader('content-type', 'application/javascript');
        response.setHeader('content-length', statSync(join(dir, name)).size);
        response.setHeader('x-frame-options', 'DENY');
        createReadStream(join(dir, name)).pipe(response);
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The raw answer, not decoded: status, headers and the bytes as sent. */
  function get(path: string, headers: Record<string, string>, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        httpRequest(`${origin}${path}`, { method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on('error', reject)
          .end();
      },
    );
  }

  const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('compresses the scripts and styles, not what brotli cannot shrink or other files', () => {
    expect(brotli.size).toBe(2);
  });

  it('sends a streamed file as brotli, with the handler’s own headers kept', async () => {
    const answer = await get('/_next/static/chunks/app.js', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends brotli when the handler gives every header to writeHead', async () => {
    const answer = await get('/_next/static/chunks/head.js', BROWSER);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['etag']).toBe('"v1"');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the brotli headers and no body', async () => {
    const get_ = await get('/_next/static/chunks/app.js', BROWSER);
    const head = await get('/_next/static/chunks/app.js', BROWSER, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get_.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('leaves a client that does not take brotli, a 304, a tiny file and other paths as they were', async () => {
    const plain = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const notModified = await get('/_next/static/chunks/head.js', {
      ...BROWSER,
      'if-none-match': '"v1"',
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    const tiny = await get('/_next/static/chunks/tiny.js', BROWSER);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const elsewhere = await get('/other/chunks/app.js', BROWSER);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.toString()).toBe('not here');
  });

  it('keeps the compressed copies for the next start, and reads them back', async () => {
    const cache = join(dir, 'cache');
    const first = createStaticBrotli(dir, cache);
    await first.prepare();
    const kept = await readFile(join(cache, 'chunks', 'app.js.br'));
    expect(brotliDecompressSync(kept).toString()).toBe(SCRIPT);
    // A copy kept is used as it is: a marker written into it shows it was read, not recompressed.
    const marked = Buffer.from('a copy kept by an earlier start');
    await writeFile(join(cache, 'chunks', 'app.js.br'), marked);
    const second = createStaticBrotli(dir, cache);
    await second.prepare();
    expect(second.size).toBe(2);
    // Once the file is newer than its copy, it is compressed again.
    const later = new Date(Date.now() + 60_000);
    await utimes(join(dir, 'chunks', 'head.js'), later, later);
    await writeFile(join(cache, 'chunks', 'head.js.br'), marked);
    const third = createStaticBrotli(dir, cache);
    await third.prepare();
    const recompressed = await readFile(join(cache, 'chunks', 'head.js.br'));
    expect(brotliDecompressSync(recompressed).toString()).toBe(SCRIPT);
    expect((await readFile(join(cache, 'chunks', 'app.js.br'))).equals(marked)).toBe(true);
    // The copy of a file gone from the build (an earlier build's chunk) is removed.
    await writeFile(join(cache, 'chunks', 'gone.js.br'), marked);
    await createStaticBrotli(dir, cache).prepare();
    await expect(readFile(join(cache, 'chunks', 'gone.js.br'))).rejects.toThrow(/ENOENT/);
  });

  it('leaves a file it could not read to the handler', async () => {
    const missing = createStaticBrotli(join(dir, 'no-such-dir'));
    await expect(missing.prepare()).resolves.toBeUndefined();
    expect(missing.size).toBe(0);
    expect(await readFile(join(dir, 'chunks', 'app.js'), 'utf8')).toBe(SCRIPT);
  });
});
