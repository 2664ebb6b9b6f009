/** What the page and the service worker say to each other (postMessage, with a reply port). */
export const WORKER_MESSAGES = {
  /** Page → worker: keep the screen for this session if not kept yet; replies ScreenStatus. */
  screenStatus: 'DQ_SCREEN_STATUS',
  /** Page → worker, at sign-out: drop the kept screen at once (even offline); replies true. */
  forgetScreen: 'DQ_FORGET_SCREEN',
  /** Page → worker: keep these tiles the page showed before the worker looked after it. */
  cacheUrls: 'CACHE_URLS',
  /**
   * Page → worker, at sign-out: drop every kept map tile (the Cache and its IndexedDB records),
   * which show where the dispatcher worked; replies true.
   */
  forgetTiles: 'DQ_FORGET_TILES',
} as const;

/** The worker's map tiles: the name of their Cache and of their IndexedDB database alike. */
export const TILE_CACHE = 'dq-tiles';

export interface ScreenStatus {
  /** The screen opens without a network on this device, for the session signed in now. */
  offlineReady: boolean;
}
