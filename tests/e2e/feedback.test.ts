/** A success replaces the error toasts of the tries before it (real Chromium: toasts animate out). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from '../support/api';
import { startApp, type App } from '../support/browser';

let app: App;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 375, height: 740 } });
});
afterAll(() => app?.close());

it('clears the error toast of a wrong password once the right one logs in', async () => {
  const customer = await signUp(app.server);
  const { page } = app;
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Log In' }).waitFor();
  await main.getByLabel(/^Email/).fill(customer.email);
  await main.locator('input[name=password]').fill('not the password');
  await main.getByRole('button', { name: 'Log In' }).click();
  const wrong = page.getByText('Invalid email or password.');
  await wrong.waitFor();
  await main.locator('input[name=password]').fill(customer.password);
  await main.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Login Successful').waitFor();
  await wrong.waitFor({ state: 'detached', timeout: 3000 });
  expect(await wrong.count()).toBe(0);
});
