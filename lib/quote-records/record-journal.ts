import 'server-only';
import {
  appendFileSync,
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * An append-only file of one line (JSON) per quote record not yet in the database: a line is
 * written (one `write`, in the kernel's hands before the quote is answered, so a kill -9 of the
 * app cannot lose it) and the file is emptied once every line it holds is stored. At start, the
 * lines left by a crash are read back and stored again (an insert of a stored one does nothing).
 *
 * Synchronous on purpose: a quote waits for its line, and one small `write` (tens of
 * microseconds) costs less than handing it to libuv's threads and back.
 */
export class RecordJournal {
  private fd: number | undefined;
  /** The file's length as this process wrote and read it. */
  private bytes = 0;

  constructor(readonly path: string) {}

  /** Writes a line (no line break in it); throws when the file cannot take it whole (the quote then has no record). */
  append(line: string): void {
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    const written = writeSync(this.open(), bytes);
    this.bytes += written;
    if (written !== bytes.length) {
      // A short write (disk full): the line is cut, and read() skips it.
      throw new Error(`quote record journal: ${written} of ${bytes.length} bytes written`);
    }
  }

  /**
   * The lines written and not cleared, in order. A line cut short by a crash (the file's last,
   * with no line break) is left out, and ended, so that the next line written starts on its own.
   */
  read(): string[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    }
    this.bytes = Buffer.byteLength(text);
    const lines = text.split('\n');
    // The piece after the last line break: empty, or a line cut short.
    const cut = lines.pop();
    if (cut) this.bytes += writeSync(this.open(), '\n');
    return lines.filter((line) => line !== '');
  }

  /**
   * Keeps a line the database refused (a constraint, a bug) in `<path>.refused`, for whoever
   * mends the cause to store by hand; it leaves the journal with the next clear.
   */
  setAside(line: string): void {
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.refusedPath, `${line}\n`, { mode: 0o600 });
  }

  get refusedPath(): string {
    return `${this.path}.refused`;
  }

  /** Empties the file: every line in it is stored. */
  clear(): void {
    ftruncateSync(this.open(), 0);
    this.bytes = 0;
  }

  /** The file's length in bytes, as this process wrote it. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Writes the file again with `lines` alone (those not yet stored), whole or not at all: a new
   * file renamed over the old, so a kill at any moment leaves one or the other.
   */
  rewrite(lines: readonly string[]): void {
    const text = lines.map((line) => `${line}\n`).join('');
    const next = `${this.path}.next`;
    writeFileSync(next, text, { mode: 0o600 });
    renameSync(next, this.path);
    // Appends go to the new file from now on.
    this.close();
    this.bytes = Buffer.byteLength(text);
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    if (this.fd === undefined) {
      mkdirSync(dirname(this.path), { recursive: true });
      // 'a': every write lands at the end, after a clear too.
      this.fd = openSync(this.path, 'a', 0o600);
    }
    return this.fd;
  }
}
