import { serverOfItsOwn } from './support/app-process';
import { startAppWithPhoton, type PhotonApp } from './support/photon-app';
import {
  Effort,
  expect,
  field,
  lookupLine,
  openSignedIn,
  resultCard,
  test as base,
} from './support/screen';

/**
 * With a geocoder that knows streets (Photon, here its stand-in answering in Photon's own GeoJSON
 * on a loopback port), the pins fill every field: two taps and "Cotizar" make a quote.
 */
const test = base.extend<object, { photonApp: PhotonApp }>({
  photonApp: serverOfItsOwn(startAppWithPhoton),
  baseURL: async ({ photonApp }, provide) => provide(photonApp.baseURL),
});

test('signed in on an empty screen, a quote takes 3 taps and nothing typed', async ({
  page,
  photonApp,
}, testInfo) => {
  await openSignedIn(page);
  const effort = new Effort(testInfo);

  await effort.tapMap(page, -40, -30);
  await expect(lookupLine(page, 'pickup')).toHaveText(
    /^Del pin: calle, número exterior, colonia y código postal\./,
  );
  await effort.tapMap(page, 40, 30);
  await expect(lookupLine(page, 'dropoff')).toHaveText(/^Del pin: calle, número exterior/);
  await expect(resultCard(page)).toContainText('Todo listo: pulsa Cotizar.');
  await expect(field(page, 'pickup', 'street')).not.toHaveValue('');
  await expect(field(page, 'dropoff', 'exteriorNumber')).not.toHaveValue('');
  // Nothing is missing, so the focus is not moved to a field (no keyboard pops up).
  await expect(field(page, 'pickup', 'street')).not.toBeFocused();

  await effort.tap(page.getByRole('button', { name: 'Cotizar' }));
  await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
  await expect(resultCard(page).getByTestId('quote-total')).toHaveText(/^\$\d+\.\d\d$/);

  expect({ taps: effort.taps, typed: effort.typed }).toEqual({ taps: 3, typed: 0 });
  // The pins were looked up through Photon's reverse, from the server.
  expect(
    photonApp.photon.requests.filter((seen) => seen.path === '/reverse').length,
  ).toBeGreaterThanOrEqual(2);
});
