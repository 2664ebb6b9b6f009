'use client';

import { createContext, use, type Context } from 'react';

/**
 * A context its readers must sit below, and the hook that reads it: outside its provider the hook
 * throws `outside` (a view moved out of the screen that provides it), rather than giving null.
 */
export function requiredContext<T>(outside: string): [Context<T | null>, () => T] {
  const context = createContext<T | null>(null);
  function useRequired(): T {
    const value = use(context);
    if (value === null) throw new Error(outside);
    return value;
  }
  return [context, useRequired];
}
