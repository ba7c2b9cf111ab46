/** The mover and packer applications in Chromium against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/browser';

describe('partner applications', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ viewport: { width: 375, height: 740 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a mover applies from the header menu: Applying..., Application Successful, then /partner', async () => {
    const page = await app.open('/');
    // The home page is prerendered: its menu button works once the app has hydrated it.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'PARTNER' }).click();
    await page.getByRole('link', { name: 'Move for us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Move for Us' }).waitFor();
    await page.getByLabel('Full name').fill('Bola Ade');
    await page.getByLabel('Age').fill('31');
    await page.getByLabel('Mobile number').fill('+2348098765432');
    await page.getByLabel('Location').fill('Ikeja, Lagos');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Applying...' }).waitFor();
    await page.getByText('Application Successful').waitFor();
    await page.waitForURL('**/partner', { timeout: 10_000 });
    const stored = await app.server.app.db
      .selectFrom('applications')
      .selectAll()
      .where('role', '=', 'mover')
      .execute();
    expect(stored).toMatchObject([
      { full_name: 'Bola Ade', email: null, age: 31, location: 'Ikeja, Lagos' },
    ]);
    await page.close();
  });

  it('a packer with a mistyped email sees why under the field, keeps what was typed, then succeeds', async () => {
    const page = await app.open('/pack');
    await page.getByRole('heading', { level: 1, name: 'Become a Packer' }).waitFor();
    await page.getByLabel('Full name').fill('Chika Eze');
    await page.getByLabel('Email (optional)').fill('chika@');
    await page.getByLabel('Age').fill('24');
    await page.getByLabel('Mobile number').fill('08031112222');
    await page.getByLabel('Location').fill('Enugu');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('main')
      .getByText('Enter a valid email address, like name@example.com.')
      .waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Chika Eze');
    await page.getByLabel('Email (optional)').fill('chika@example.com');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Application Successful').waitFor();
    await page.waitForURL('**/partner', { timeout: 10_000 });
    const stored = await app.server.app.db
      .selectFrom('applications')
      .selectAll()
      .where('role', '=', 'packer')
      .execute();
    expect(stored).toMatchObject([{ full_name: 'Chika Eze', email: 'chika@example.com', age: 24 }]);
    await page.close();
  });
});
