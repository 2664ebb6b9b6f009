import type { Page } from '@playwright/test';
import {
  expect,
  openSignedIn,
  quoteRecordedTrip,
  test,
  tilesKept,
  waitForMap,
  WITH_SERVICE_WORKER,
} from './support/screen';

test.use(WITH_SERVICE_WORKER);

/**
 * Signing out ("Salir") clears the device (components/session/forget-device.ts): on a shared
 * tablet the next person finds nothing of the last dispatcher's trips — no draft, no recent
 * quote, no saved map view, no kept map tile — in any storage the page can read.
 */

/** Everything the origin keeps that a page can read: storages, cookies, caches, databases. */
const deviceContents = (page: Page) =>
  page.evaluate(async () => {
    const entries = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => [
          key,
          storage.getItem(key),
        ]),
      );
    const caches_: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      caches_[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    const databases = (await indexedDB.databases()).map((database) => database.name);
    return {
      localStorage: entries(localStorage),
      sessionStorage: entries(sessionStorage),
      cookie: document.cookie,
      caches: caches_,
      databases,
    };
  });

test('after “Salir”, the device holds nothing of the dispatcher’s trips: no draft, recent quote, map view or map tile', async ({
  page,
  context,
}) => {
  await openSignedIn(page);
  await quoteRecordedTrip(page);
  await waitForMap(page);
  await tilesKept(page);
  // The map remembers where it was left: dragged a little, it saves its view.
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  const [x, y] = [map.x + map.width / 2, map.y + map.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y + 30, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
    .toContain('dq_map_view');

  const before = await deviceContents(page);
  expect(JSON.stringify(before.localStorage)).toContain('Varsovia');
  expect(before.caches['dq-tiles']?.length).toBeGreaterThan(0);
  expect(before.databases).toContain('dq-tiles');

  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/);
  await expect(page.getByText('Cerraste sesión.')).toBeVisible();

  await expect
    .poll(async () => {
      const after = await deviceContents(page);
      return {
        appKeys: [...Object.keys(after.localStorage), ...Object.keys(after.sessionStorage)].filter(
          (key) => key.startsWith('dispatch-quote:'),
        ),
        tiles: after.caches['dq-tiles'] ?? [],
        screens: Object.keys(after.caches).filter((name) => name.startsWith('dq-screen-')),
        tileDatabase: after.databases.includes('dq-tiles'),
      };
    })
    .toEqual({ appKeys: [], tiles: [], screens: [], tileDatabase: false });
  const after = await deviceContents(page);
  expect(JSON.stringify(after)).not.toMatch(/Varsovia|Sonora|19\.42/);
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain('dq_map_view');
});
