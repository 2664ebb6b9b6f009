/** What became of a text handed over: shared, copied, the share sheet closed, or neither worked. */
export type HandedOver = 'shared' | 'copied' | 'closed' | 'failed';

/**
 * Through the device's share sheet (tablets and phones have one) or, where there is none or it
 * fails, copied to the clipboard.
 */
export async function shareOrCopy(text: string): Promise<HandedOver> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text });
      return 'shared';
    } catch (error) {
      // The dispatcher closed the sheet: nothing to say. Anything else: copy instead.
      if ((error as { name?: string }).name === 'AbortError') return 'closed';
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
