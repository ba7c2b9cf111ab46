/** The customer's order page (/orders/:reference) and My bookings' offer, against the real server. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CANCEL_REASON_MESSAGE, DECLINE_REASON_MESSAGE } from '../../src/api/contract';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { bookDelivery } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let staff: Customer;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signUpStaff(server);
  customer = await signUp(server);
});
afterAll(() => server.close());

async function offerPrice(reference: string, amountKobo = 18_500_000) {
  const answer = await post(
    server,
    `staff/orders/${reference}/offer`,
    { amount_kobo: amountKobo, note: 'Two vans', valid_until: inDays(7) },
    staff.token,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
}

const main = () => within(screen.getByRole('main'));
/** Accept asks first, naming the amount (issue 35): the dialog's own button sends it. */
const confirmAccept = async (
  user: { click: (element: Element) => Promise<void> },
  amount: string,
) => user.click(await screen.findByRole('button', { name: `Yes, accept ${amount}` }));
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const step = (name: string) =>
  within(screen.getByRole('list', { name: 'Timeline' }))
    .getByRole('heading', { name })
    .closest('li')!;

describe('/orders/:reference', () => {
  it('shows the order as sent, its timeline and no price yet', async () => {
    const reference = await bookDelivery(server, customer.token);
    renderApp(`/orders/${reference}`, { apiUrl: server.apiUrl, session: sessionOf(customer) });
    await heading('Your order');
    await main().findByText('12 Admiralty Way, Lekki, Lagos', {}, { timeout: 10_000 });
    expect(main().getByText(reference)).toBeInTheDocument();
    expect(main().getByText(/No price yet/)).toBeInTheDocument();
    expect(step('To Inspect')).toHaveAttribute('aria-current', 'step');
    expect(step('Shipped')).toHaveTextContent('Pending');
  });

  it('accepts the open offer: the price is final', async () => {
    const reference = await bookDelivery(server, customer.token);
    await offerPrice(reference);
    const app = renderApp(`/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    const accept = await main().findByRole(
      'button',
      { name: `Accept ₦185,000.00 for ${reference}` },
      { timeout: 10_000 },
    );
    expect(main().getByText('Two vans')).toBeInTheDocument();
    await app.user.click(accept);
    expect(await screen.findByRole('dialog', { name: 'Accept ₦185,000.00?' })).toBeInTheDocument();
    await confirmAccept(app.user, '₦185,000.00');
    await waitFor(() =>
      expect(
        main().getByRole('heading', { name: /Price accepted: ₦185,000.00/ }),
      ).toBeInTheDocument(),
    );
    expect(
      (await get(server, `users/orders/${reference}`, customer.token)).body.data.offer.state,
    ).toBe('accepted');
  });

  it('shows a price that changed meanwhile before anything is accepted, then accepts the new one', async () => {
    const reference = await bookDelivery(server, customer.token);
    await offerPrice(reference, 10_000_000);
    const app = renderApp(`/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    const acceptShown = await main().findByRole(
      'button',
      { name: `Accept ₦100,000.00 for ${reference}` },
      { timeout: 10_000 },
    );
    // Staff send a new price while the page is open.
    await offerPrice(reference, 900_000_000);
    await app.user.click(acceptShown);
    await confirmAccept(app.user, '₦100,000.00');
    const notice = (await main().findByText('The price has changed to ₦9,000,000.00.')).closest(
      'p',
    );
    expect(notice).toHaveTextContent(
      'The price has changed to ₦9,000,000.00. Check it before you accept.',
    );
    expect(
      main().getByRole('heading', { name: /Price offered: ₦9,000,000.00/ }),
    ).toBeInTheDocument();
    expect(
      (await get(server, `users/orders/${reference}`, customer.token)).body.data.offer,
    ).toMatchObject({ amount_kobo: 900_000_000, state: 'open' });
    await app.user.click(
      main().getByRole('button', { name: `Accept ₦9,000,000.00 for ${reference}` }),
    );
    await confirmAccept(app.user, '₦9,000,000.00');
    await waitFor(() =>
      expect(
        main().getByRole('heading', { name: /Price accepted: ₦9,000,000.00/ }),
      ).toBeInTheDocument(),
    );
    expect(
      (await get(server, `users/orders/${reference}`, customer.token)).body.data.offer,
    ).toMatchObject({ amount_kobo: 900_000_000, state: 'accepted' });
    // The job is booked and nothing is paid yet: the customer may still cancel it
    // (docs/using-the-site.md, "Paying for an order"), and is asked to pay.
    expect(main().getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    // The payment panel loads only when there is something to pay (docs/measurements.md).
    expect(
      await main().findByRole('button', { name: 'Pay ₦9,000,000.00' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('asks why before declining, and keeps the reason', async () => {
    const reference = await bookDelivery(server, customer.token);
    await offerPrice(reference);
    const app = renderApp(`/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await app.user.click(
      await main().findByRole('button', { name: /^Decline/ }, { timeout: 10_000 }),
    );
    await app.user.click(main().getByRole('button', { name: 'Decline the offer' }));
    const reason = main().getByRole('textbox', { name: /Why are you declining/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(DECLINE_REASON_MESSAGE));
    await app.user.type(reason, 'Too dear for us');
    await app.user.click(main().getByRole('button', { name: 'Decline the offer' }));
    await waitFor(() =>
      expect(main().getByRole('heading', { name: /Price declined/ })).toBeInTheDocument(),
    );
  });

  it('cancels with a reason: the timeline ends in Cancelled', async () => {
    const reference = await bookDelivery(server, customer.token);
    const app = renderApp(`/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await app.user.click(
      await main().findByRole('button', { name: 'Cancel order' }, { timeout: 10_000 }),
    );
    // The cancel's form loads when asked for.
    await app.user.click(await main().findByRole('button', { name: 'Cancel the order' }));
    const reason = main().getByRole('textbox', { name: /Why are you cancelling/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(CANCEL_REASON_MESSAGE));
    await app.user.type(reason, 'Plans changed');
    await app.user.click(main().getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(step('Cancelled')).toHaveAttribute('aria-current', 'step'), {
      timeout: 5000,
    });
    expect(main().queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('changes the dates under the booking rules', async () => {
    const reference = await bookDelivery(server, customer.token);
    const app = renderApp(`/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await app.user.click(
      await main().findByRole('button', { name: 'Change dates' }, { timeout: 10_000 }),
    );
    const delivery = main().getByLabelText(/Delivery date/);
    await app.user.clear(delivery);
    await app.user.type(delivery, inDays(0));
    await app.user.click(main().getByRole('button', { name: 'Save the new dates' }));
    await waitFor(() =>
      expect(delivery).toHaveAccessibleDescription('Delivery cannot be before pickup.'),
    );
    await app.user.clear(delivery);
    await app.user.type(delivery, inDays(10));
    await app.user.click(main().getByRole('button', { name: 'Save the new dates' }));
    await waitFor(async () => {
      const { body } = await get(server, `users/orders/${reference}`, customer.token);
      expect(body.data.details.receivers[0].delivery_date).toBe(inDays(10));
    });
  });

  it("says another customer's order is not found", async () => {
    const reference = await bookDelivery(server, customer.token);
    const other = await signUp(server);
    renderApp(`/orders/${reference}`, { apiUrl: server.apiUrl, session: sessionOf(other) });
    expect(
      await main().findByRole('heading', { name: 'Order not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('My bookings', () => {
  it('links each order to its page and shows an open offer with Accept and Decline', async () => {
    const member = await signUp(server);
    const reference = await bookDelivery(server, member.token);
    await offerPrice(reference, 5_000_050);
    renderApp('/profile', { apiUrl: server.apiUrl, session: sessionOf(member) });
    const details = await main().findByRole(
      'link',
      { name: `Details of ${reference}` },
      { timeout: 10_000 },
    );
    expect(details).toHaveAttribute('href', `/orders/${reference}`);
    const row = within(details.closest('li')!);
    // The offer's buttons load with their panel, only for an order that has a price.
    expect(
      await row.findByRole('button', { name: `Accept ₦50,000.50 for ${reference}` }),
    ).toBeEnabled();
    expect(row.getByRole('button', { name: `Decline ₦50,000.50 for ${reference}` })).toBeEnabled();
  });
});
