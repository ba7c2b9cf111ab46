/** The 3-step quote is reachable: from the relocation, services and service pages, through the login guard. */
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type Customer } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let customer: Customer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
});
afterAll(() => server.close());

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));

describe('Quick quote (3 steps)', () => {
  it.each(['/services', '/local', '/interstate', '/office'])('is linked from %s', async (path) => {
    renderApp(path);
    expect(
      await main().findByRole('link', { name: 'Quick quote (3 steps)' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/get-quote');
  });

  it('takes a visitor from /relocation (Get a Relocation Quote) to log in, then to the 3-step form', async () => {
    const app = renderApp('/relocation', { apiUrl: server.apiUrl });
    await app.user.click(
      await main().findByRole('link', { name: 'Get a Relocation Quote' }, { timeout: 10_000 }),
    );
    await heading('Log In');
    await app.user.type(screen.getByLabelText(/^Email/), customer.email);
    await app.user.type(screen.getByLabelText(/^Password/), customer.password);
    await app.user.click(main().getByRole('button', { name: 'Log In' }));
    await heading('Get A Quote');
    expect(app.location().pathname).toBe('/get-quote');
  });
});
