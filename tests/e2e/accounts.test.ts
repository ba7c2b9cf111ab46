/**
 * Accounts in real Chromium against the real server: sign up, verify with the mailed code,
 * log in and out; forget the password and reset it; the guard sends a visitor to log in and back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../support/api';
import { startApp, type App } from '../support/browser';
import { codeFrom, lastMailTo } from '../support/mail';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.close());

const PASSWORD = 'Suya by the lagoon 9';
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: RegExp) => main(page).getByLabel(label);
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });

/** A page in a context of its own: no session or progress left over from another test. */
async function visit(pathname: string): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(pathname);
  return page;
}

/**
 * The URL changes before a lazily loaded page replaces the old one on screen: wait for both,
 * so a label is not looked up on the page being left.
 */
async function arrive(page: Page, pathname: string, heading: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** The newest mailed code, once the server has written it. */
async function mailedCode(to: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const mail = await lastMailTo(app.server, to);
    if (mail) return codeFrom(mail.text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code mailed to ${to}`);
}

async function logIn(page: Page, email: string, password: string) {
  await field(page, /^Email/).fill(email);
  await field(page, /^Password/).fill(password);
  await button(page, 'Log In').click();
  await page.getByText('Login Successful').waitFor();
}

describe('accounts in Chromium', () => {
  it('signs up, verifies the email with the mailed code, logs in and logs out', async () => {
    const page = await visit('/signup');
    await arrive(page, '/signup', 'Sign Up');
    const email = uniqueEmail('e2e-signup');
    await field(page, /Full Name/).fill('Ada Obi');
    await field(page, /^Email/).fill(email);
    await field(page, /Phone Number/).fill('08031234567');
    await field(page, /^Password/).fill(PASSWORD);
    await field(page, /Confirm Password/).fill(PASSWORD);
    await button(page, 'Sign Up').click();
    await page.getByText('Registration Successful').waitFor();
    await arrive(page, '/email-verification', 'Email Verification');
    await expect(main(page).getByRole('timer').textContent()).resolves.toMatch(
      /Code expires in [45]:\d\d/,
    );

    await field(page, /Verification code/).fill(await mailedCode(email));
    await button(page, 'Verify').click();
    await page.getByText('Email verified successfully').waitFor();
    await arrive(page, '/login', 'Log In');
    expect(await field(page, /^Email/).inputValue()).toBe(email);

    await field(page, /^Password/).fill(PASSWORD);
    await button(page, 'Log In').click();
    await page.getByText('Login Successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Your account' }).click();
    await arrive(page, '/profile', 'Account');

    await main(page).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await banner.getByRole('link', { name: 'Log In' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
    await page.context().close();
  });

  it('resets a forgotten password with the mailed code and logs in with the new one', async () => {
    const customer = await signUp(app.server, uniqueEmail('e2e-reset'));
    const page = await visit('/login');
    await arrive(page, '/login', 'Log In');
    await main(page).getByRole('link', { name: 'Forgot Password' }).click();
    await arrive(page, '/forgot-password', 'Reset Password');
    await field(page, /Email/).fill(customer.email);
    await button(page, 'Send Code').click();
    await page.getByText('OTP code sent to your email').waitFor();
    await arrive(page, '/otp-verification', 'OTP Verification');

    // A reload in the middle of the chain keeps the flow.
    await page.reload();
    await arrive(page, '/otp-verification', 'OTP Verification');
    await field(page, /OTP code/).fill(await mailedCode(customer.email));
    await button(page, 'Verify').click();
    await page.getByText('OTP code verified successfully').waitFor();
    await arrive(page, '/reset-password', 'Create New Password');

    await field(page, /^New Password/).fill(PASSWORD);
    await field(page, /Confirm Password/).fill(PASSWORD);
    await button(page, 'Verify').click();
    await page.getByText('Password reset successful').waitFor();
    await arrive(page, '/login', 'Log In');
    await logIn(page, customer.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('sends a visitor from a guarded page to log in, and back there afterwards', async () => {
    const customer = await signUp(app.server, uniqueEmail('e2e-guard'));
    const page = await visit('/profile');
    await arrive(page, '/login', 'Log In');
    await logIn(page, customer.email, customer.password);
    await arrive(page, '/profile', 'Account');
    await page.getByRole('banner').getByRole('link', { name: 'Your account' }).waitFor();
    await page.context().close();
  });
});
