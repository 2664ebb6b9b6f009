// Not server-only: reading a request body within limits, for the app's API and the courier alike.

/** A request body larger than the reader's limit (declared or streamed); each caller answers it. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = 'BodyTooLarge';
  }
}

/**
 * How deep objects and arrays may nest in a request body. The app's and the courier's bodies
 * nest 6 levels at most; a body nested thousands deep parses, but would then overflow the stack
 * of whatever walks it (validation, echoing it back).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests objects and arrays deeper than `max` (text inside strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The request body as text, at most `maxBytes` of it: BodyTooLarge when Content-Length claims more
 * or when the stream brings more, whatever Content-Length said.
 */
export async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new BodyTooLarge(maxBytes);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
