'use client';

import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Suspense, useState } from 'react';
import { loadLeafletMap } from '@/components/map/load-leaflet-map';
import { listenForEarlyTyping } from './effects/early-typing';
import type { ScreenConfig, ScreenUser } from './views/screen-config';

/**
 * The workspace's code in a chunk of its own (still rendered on the server, and preloaded with the
 * page): the browser runs its modules in a task of their own, after the page's shell has
 * hydrated, instead of in one long task with React and the router (bench/: Lighthouse).
 */
const QuoteWorkspace = dynamic(() =>
  import('./views/quote-workspace').then((module) => module.QuoteWorkspace),
);

// React Query tells the screen of a query's or a quote's new state in a microtask, not in a
// `setTimeout(0)` of its own: a quote's answer and the request's end then reach React in the same
// turn and are drawn in one render (effects/use-quote-request.ts), where the timer gave the
// request's end a render and a task of its own, between the price's paint and the next tap.
notifyManager.setScheduler(queueMicrotask);

// In the browser, Leaflet's code is asked for as this chunk runs, not once the workspace has
// hydrated as far as the map: its evaluation then fits between hydration's slices. What the
// dispatcher types into the server's fields from now until they hydrate is kept (early-typing.ts).
if (typeof window !== 'undefined') {
  void loadLeafletMap();
  listenForEarlyTyping();
}

/** The signed-in dispatcher's screen, with its own query client (quotes, coverage). */
export function QuoteScreen({ user, config }: { user: ScreenUser; config: ScreenConfig }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { refetchOnWindowFocus: false },
          // A quote is never re-sent behind the dispatcher's back: retrying is their call.
          mutations: { retry: false, networkMode: 'always' },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {/* A boundary of its own: React hydrates the screen after the page's shell, in short slices
          that leave the main thread free in between (the server's HTML is on screen meanwhile, and
          a tap on it hydrates the part tapped first). It is also where the workspace's chunk is
          awaited: next/dynamic with SSR and no loading view adds no boundary of its own. */}
      <Suspense>
        <QuoteWorkspace user={user} config={config} />
      </Suspense>
    </QueryClientProvider>
  );
}
