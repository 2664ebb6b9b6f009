// The embedded database (PGlite) in a thread of its own (lib/db/connect.ts): its queries are CPU
// work in WebAssembly which, on the app's thread, held up every request meanwhile (20 quotes at
// once each waited for the others' inserts). Messages: {id, kind: 'query', sql, params, arrays},
// {id, kind: 'migrate', queries} (in one transaction) and {id, kind: 'close'}; each is answered
// {id, rows} or {id, error: {message, code}}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { MAX_STATEMENTS, PGLITE_OPTIONS } from './pglite-options.mjs';

const db = new PGlite(workerData.dir, PGLITE_OPTIONS);
const { serialize } = protocol;

/**
 * Statements parsed once, by their SQL text. PGlite's `query` parses, describes and plans its SQL
 * every time: for the insert every quote runs, that was 0.15–0.18 ms of its 0.32–0.54 ms
 * (`node bench/pglite-insert.mjs`). The app's queries are a few texts built
 * with placeholders; past MAX_STATEMENTS (texts that vary with their input, e.g. a search's word
 * count) the rest go through `query` as before.
 */
const statements = new Map();

/** The backend's answer to protocol messages sent at once (a sync last); its error thrown. */
async function exchange(...parts) {
  const { messages } = await db.execProtocol(Buffer.concat(parts), { throwOnError: false });
  const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
  if (error) throw error;
  return messages;
}

/** The named statement for a SQL text, parsed and described the first time it is seen. */
async function statementFor(sql) {
  const known = statements.get(sql);
  if (known || statements.size >= MAX_STATEMENTS) return known;
  const name = `dq_${statements.size + 1}`;
  const described = await exchange(
    serialize.parse({ name, text: sql, types: [] }),
    serialize.describe({ type: 'S', name }),
    serialize.sync(),
  );
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
  statements.set(sql, statement);
  return statement;
}

/** A query through its named statement, its values and rows typed as PGlite's `query` types them. */
async function runPrepared(sql, params, options) {
  // `query` waits for PGlite to have started; the protocol calls below do not.
  await db.waitReady;
  return db.runExclusive(async () => {
    const statement = await statementFor(sql);
    if (!statement) return undefined;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[index]];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = await exchange(
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    return parse.parseResults(messages, db.parsers, options)[0];
  });
}

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
  const options = message.arrays ? { rowMode: 'array' } : undefined;
  const result =
    (await runPrepared(message.sql, message.params ?? [], options)) ??
    (await db.query(message.sql, message.params, options));
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
