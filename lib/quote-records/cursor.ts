/** Where a page of records ended: the last record's exact instant and id (keyset paging). */
export interface Cursor {
  /** ISO 8601 with microseconds, as PostgreSQL keeps it. */
  at: string;
  id: number;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to the client: base64url of `at|id`. */
export const encodeCursor = ({ at, id }: Cursor) =>
  Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');

/** The cursor a page handed out; a RangeError for anything else (the API answers it as 400). */
export function decodeCursor(text: string): Cursor {
  const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !AT.test(at) || !/^[1-9]\d{0,15}$/.test(id)) {
    throw new RangeError('cursor: not one this server handed out');
  }
  return { at, id: Number(id) };
}
