'use client';

import { useEffect, useRef, useState } from 'react';
import { useOnline } from '@/components/ui/use-online';
import type { QuoteAttempt } from './use-quote-request';

/**
 * A "Cotizar" asked without a network waits here and is sent once the network is back — once,
 * never twice — unless the dispatcher changed the trip meanwhile: then the screen asks them to
 * quote again rather than sending a trip they no longer have on screen.
 */
export function useOfflineQueue({
  currentKey,
  send,
}: {
  currentKey: string;
  send: (attempt: QuoteAttempt) => void;
}) {
  const online = useOnline();
  const [queued, setQueued] = useState<QuoteAttempt | null>(null);
  const sent = useRef<QuoteAttempt | null>(null);

  useEffect(() => {
    if (!online || !queued || queued.key !== currentKey || sent.current === queued) return;
    sent.current = queued;
    setQueued(null);
    send(queued);
  }, [online, queued, currentKey, send]);

  return {
    online,
    queued,
    queue: setQueued,
    drop: () => setQueued(null),
  };
}
