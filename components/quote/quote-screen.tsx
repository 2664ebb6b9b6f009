'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { QuoteWorkspace, type ScreenConfig, type ScreenUser } from './quote-workspace';

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
          a tap on it hydrates the part tapped first). */}
      <Suspense>
        <QuoteWorkspace user={user} config={config} />
      </Suspense>
    </QueryClientProvider>
  );
}
