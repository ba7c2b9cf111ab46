/** How every form answers a mistake: the message under the field, and focus on what to fix. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const main = () => within(screen.getByRole('main'));

describe('form feedback', () => {
  it('puts focus on the first field to fix after a refused submit', async () => {
    const member = { token: 'stored-token', id: '1', profileImage: '', email: 'ada@example.com' };
    const app = renderApp('/schedule-delivery', { apiUrl: server.apiUrl, session: member });
    await main().findByRole('heading', { level: 1 });
    await app.user.type(main().getByLabelText(/Pick up Address/), '12 Marina, Lagos');
    await app.user.click(main().getByRole('button', { name: 'Book Now' }));
    const deliveryAddress = main().getByLabelText(/delivery address/i, {
      selector: 'input, textarea',
    });
    await waitFor(() => expect(deliveryAddress).toHaveFocus());
    expect(deliveryAddress).toHaveAttribute('aria-invalid', 'true');
  });
});
