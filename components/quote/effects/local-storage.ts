/** localStorage, read and written without ever breaking the screen. */

export function safeRead(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function safeWrite(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full disk: the screen keeps working, only memory is lost.
  }
}
