'use client';

import { memo, useEffect } from 'react';

/**
 * Calls `onHydrated` once the Suspense boundary it sits in has hydrated: a boundary's effects run
 * only when all of it is on the client. Put inside a boundary the server streams apart, it tells
 * the owner when an update may reach that boundary without React throwing the server's HTML away
 * (see components/quote/views/quote-panel.tsx).
 */
export const OnHydrated = memo(function OnHydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return null;
});
