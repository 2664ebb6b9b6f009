// The embedded database (PGlite) in a thread of its own (lib/db/connect.ts): its queries are CPU
// work in WebAssembly which, on the app's thread, held up every request meanwhile (20 quotes at
// once each waited for the others' inserts). Messages: {id, kind: 'query', sql, params, arrays},
// {id, kind: 'migrate', queries} (in one transaction) and {id, kind: 'close'}; each is answered
// {id, rows} or {id, error: {message, code}}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options.mjs';

const db = new PGlite(workerData.dir, PGLITE_OPTIONS);

async function answer(message) {
  if (message.kind === 'close') {
    await db.close();
    return [];
  }
  if (message.kind === 'migrate') {
    await db.transaction(async (tx) => {
      for (const query of message.queries) await tx.exec(query);
    });
    return [];
  }
  const result = await db.query(
    message.sql,
    message.params,
    message.arrays ? { rowMode: 'array' } : undefined,
  );
  return result.rows;
}

parentPort.on('message', async (message) => {
  try {
    parentPort.postMessage({ id: message.id, rows: await answer(message) });
  } catch (error) {
    parentPort.postMessage({
      id: message.id,
      error: { message: String(error?.message ?? error), code: error?.code },
    });
  }
});
