/**
 * How long a refusal (too many attempts, too busy) waits before it is answered. A guesser's
 * connection then gets at most one refusal a second instead of hundreds, and the server's time goes
 * to its dispatchers; a person who is refused barely notices the second. The wait holds a timer
 * and the open request, nothing else, and ends on its own.
 */
export const REFUSAL_PAUSE_MS = 1_000;

export function pauseBeforeRefusing(ms: number = REFUSAL_PAUSE_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
