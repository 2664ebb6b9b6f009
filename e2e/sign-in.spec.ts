import { serverOfItsOwn, startAppProcess, type AppProcess } from './support/app-process';
import { DEMO, expect, signIn, test as base } from './support/screen';

/**
 * Signing out everywhere ends every session of the demo dispatcher: on the suite's server it would
 * sign out the tests the other worker is running, so that test has a server of its own.
 */
const test = base.extend<object, { ownServer: AppProcess }>({
  ownServer: serverOfItsOwn(startAppProcess),
});

test.describe('signing in and out', () => {
  test('a signed-out dispatcher is sent to sign in, and lands on the quote screen after', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cuenta de demostración' })).toBeVisible();

    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Sesión de Dana Ruiz')).toBeAttached();
  });

  test('a wrong password is said plainly and the e-mail stays typed', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Escribe tu correo electrónico.')).toBeVisible();

    await page.getByLabel('Correo electrónico').fill(DEMO.email);
    await page.getByLabel('Contraseña').fill('not-the-password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'El correo o la contraseña no coinciden' }),
    ).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.email);
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('the demo account button fills the form', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Usar la cuenta de demostración' }).click();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.email);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('button', { name: 'Cotizar' })).toBeVisible();
  });

  test('signing out ends the session: the quote screen asks to sign in again', async ({ page }) => {
    await page.goto('/sign-in');
    await signIn(page);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/);
    await expect(page.getByText('Cerraste sesión.')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe('signing out everywhere', () => {
  test.use({ baseURL: async ({ ownServer }, provide) => provide(ownServer.baseURL) });

  test('after signing out, one tap signs the dispatcher out on every other device too', async ({
    page,
    browser,
    ownServer,
  }) => {
    // The lost tablet: a session of its own, in another browser.
    const tablet = await browser.newContext({ locale: 'es-MX', baseURL: ownServer.baseURL });
    await tablet.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('blockedbyclient'),
    );
    const tabletPage = await tablet.newPage();
    await tabletPage.goto('/sign-in');
    await signIn(tabletPage);

    // At the desk: sign in, sign out, and end every other session.
    await page.goto('/sign-in');
    await signIn(page);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page.getByText('Cerraste sesión.')).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await expect(page.getByRole('status')).toHaveText('Cerraste sesión en todos los dispositivos.');

    await tabletPage.goto('/');
    await expect(tabletPage).toHaveURL(/\/sign-in/);
    await tablet.close();

    // Offered only right after a sign-out of this browser, not to whoever opens the page.
    await page.goto('/sign-in?reason=signed-out');
    await expect(page.getByText('Cerraste sesión.')).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    ).toHaveCount(0);
  });
});
