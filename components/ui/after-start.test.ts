import { afterEach, describe, expect, it, vi } from 'vitest';

/** A page still loading (or loaded), whose idle callbacks the test fires by hand. */
function page({ loaded }: { loaded: boolean }) {
  vi.resetModules();
  const events = new EventTarget();
  const idle = new Map<number, () => void>();
  let nextId = 1;
  const document = { readyState: loaded ? 'complete' : 'loading' };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestIdleCallback: (run: () => void) => {
      idle.set(nextId, run);
      return nextId++;
    },
    cancelIdleCallback: (id: number) => idle.delete(id),
  });
  return {
    load() {
      document.readyState = 'complete';
      events.dispatchEvent(new Event('load'));
    },
    /** The browser has a moment to spare: every idle callback waiting runs. */
    idle() {
      const waiting = [...idle.values()];
      idle.clear();
      for (const run of waiting) run();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('work kept for after the start', () => {
  it('waits for the page to load, then for the browser to be idle', async () => {
    const browser = page({ loaded: false });
    const { afterStart } = await import('./after-start');
    const run = vi.fn();
    afterStart(run, 1_500);
    browser.idle();
    expect(run).not.toHaveBeenCalled();
    browser.load();
    expect(run).not.toHaveBeenCalled();
    browser.idle();
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled (the screen left before it started)', async () => {
    const browser = page({ loaded: false });
    const { afterStart } = await import('./after-start');
    const run = vi.fn();
    afterStart(run, 1_500)();
    browser.load();
    browser.idle();
    expect(run).not.toHaveBeenCalled();
  });

  it('once the start is over, later work runs at once', async () => {
    const browser = page({ loaded: true });
    const { afterStart } = await import('./after-start');
    afterStart(() => undefined, 1_500);
    browser.idle();
    const later = vi.fn();
    afterStart(later, 1_500);
    expect(later).toHaveBeenCalledOnce();
  });

  it('without requestIdleCallback (Safari), runs a second after the load at most', async () => {
    vi.useFakeTimers();
    try {
      page({ loaded: true });
      vi.stubGlobal('window', { ...window, requestIdleCallback: undefined });
      const { afterStart } = await import('./after-start');
      const run = vi.fn();
      afterStart(run, 5_000);
      vi.advanceTimersByTime(999);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
