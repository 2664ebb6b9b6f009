/**
 * Whether a failure only means the client hung up before the answer (a closed tab, a dropped
 * connection while the body was still arriving): nothing went wrong on the server, so it is logged
 * as information, without a stack.
 */
export function clientWentAway(request: Request, error: unknown): boolean {
  if (request.signal.aborted) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    error.name === 'AbortError' ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (error.message === 'aborted' && code !== undefined)
  );
}
