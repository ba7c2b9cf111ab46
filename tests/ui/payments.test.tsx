/**
 * Paying for an order, its receipt and the staff's side of the money, rendered in jsdom against
 * the real server and its built-in Paystack test gateway (docs/using-the-site.md, "Paying for an
 * order", "Payments for staff").
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PAID_ON_FUTURE_MESSAGE,
  PAYMENT_REFERENCE_MESSAGE,
  REFUND_REFERENCE_MESSAGE,
} from '../../src/api/contract';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { acceptedOrder, pay, verify } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const PRICE = 48_500_000;
let server: TestServer;
let staffMember: Customer;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staffMember = await signUpStaff(server);
  customer = await signUp(server);
});
afterAll(() => server.close());

const main = () => within(screen.getByRole('main'));
const paymentPart = () => within(screen.getByRole('region', { name: 'Payment' }));

describe('paying on the order page', () => {
  it('offers Pay ₦485,000.00 for an accepted price', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    renderApp(`/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer, 'customer'),
    });
    await screen.findByRole('region', { name: 'Payment' }, { timeout: 10_000 });
    expect(paymentPart().getByText('Unpaid')).toBeInTheDocument();
    expect(await paymentPart().findByRole('button', { name: 'Pay ₦485,000.00' })).toBeEnabled();
  });

  it('offers Pay in My bookings, on the booking it is for', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    renderApp('/profile', { apiUrl: server.apiUrl, session: sessionOf(customer, 'customer') });
    const booking = (
      await screen.findByRole('link', { name: `Details of ${reference}` }, { timeout: 10_000 })
    ).closest('li')!;
    // Paying loads with the first order that has a balance to pay.
    expect(await within(booking).findByRole('button', { name: 'Pay ₦485,000.00' })).toBeEnabled();
  });

  it('verifies the payment the checkout returned with, then shows Paid and the receipt, and forgets the reference', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    const paystackReference = await pay(server, reference, customer, 'pay');
    const app = renderApp(`/orders/${reference}?reference=${paystackReference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer, 'customer'),
    });
    await waitFor(
      () =>
        expect(paymentPart().getByText('Paid', { selector: '.payment-badge' })).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    const receipt = paymentPart().getByRole('link', { name: /^RCT-\d{4}-\d{6}$/ });
    expect(receipt.closest('li')!.querySelector('.test-mark')).toHaveTextContent('TEST');
    expect(receipt.getAttribute('href')).toMatch(new RegExp(`^/orders/${reference}/receipts/RCT-`));
    expect(paymentPart().queryByRole('button', { name: /^Pay / })).toBeNull();
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  it('says a declined payment was not taken and offers to try again', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    const paystackReference = await pay(server, reference, customer, 'decline');
    renderApp(`/orders/${reference}?reference=${paystackReference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer, 'customer'),
    });
    const retry = await screen.findByRole(
      'button',
      { name: 'Try again: pay ₦485,000.00' },
      { timeout: 10_000 },
    );
    expect(retry).toBeEnabled();
    expect(
      within(screen.getByRole('region', { name: 'Payment' })).getByRole('alert'),
    ).not.toBeEmptyDOMElement();
    expect(
      (await get(server, `users/orders/${reference}`, customer.token)).body.data.payment.state,
    ).toBe('unpaid');
  });
});

describe('the receipt page', () => {
  it('shows the company with its registration number, the customer, the order, the amount, the method and the Lagos time', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    // Verified on return, as the order page does, rather than waiting for the webhook.
    await verify(server, reference, await pay(server, reference, customer, 'pay'), customer);
    const [{ number }] = (await get(server, `users/orders/${reference}`, customer.token)).body.data
      .receipts;
    renderApp(`/orders/${reference}/receipts/${number}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(customer, 'customer'),
    });
    const sheet = within(
      await screen.findByRole('article', { name: 'Receipt' }, { timeout: 10_000 }),
    );
    for (const text of [
      number,
      reference,
      customer.email,
      '₦485,000.00',
      'Card',
      'Relo Logistics',
      'RC 0000000',
    ])
      expect(sheet.getAllByText(new RegExp(text)).length).toBeGreaterThan(0);
    expect(sheet.getByText(/WAT$/)).toBeInTheDocument();
    // The test server pays through its test gateway: the receipt says so, on screen and on paper.
    expect(sheet.getByRole('note')).toHaveTextContent(
      'TEST Made in test mode: no real money moved, and this receipt is not a record of a payment.',
    );
    expect(main().getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
      'href',
      `/orders/${reference}`,
    );
  });
});

describe('money on the staff order page', () => {
  it('keeps what staff typed and says what is wrong at each field, then records the payment after Yes', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    const app = renderApp(`/staff/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(staffMember, 'staff'),
    });
    const form = within(
      await screen.findByRole('form', { name: 'Record a payment' }, { timeout: 10_000 }),
    );
    await app.user.type(form.getByRole('textbox', { name: /Amount in naira/ }), '100,000');
    await app.user.selectOptions(form.getByRole('combobox', { name: /Method/ }), 'bank_transfer');
    form.getByLabelText(/Day received/).setAttribute('max', '');
    await app.user.type(form.getByLabelText(/Day received/), inDays(2));
    await app.user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText(PAID_ON_FUTURE_MESSAGE)).toBeInTheDocument();
    expect(form.getByText(PAYMENT_REFERENCE_MESSAGE)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /Amount in naira/ })).toHaveValue('100,000');

    await app.user.clear(form.getByLabelText(/Day received/));
    await app.user.type(form.getByLabelText(/Day received/), inDays(0));
    await app.user.type(form.getByRole('textbox', { name: /Your reference/ }), 'TRF-0001');
    await app.user.click(form.getByRole('button', { name: 'Record payment' }));
    const question = within(
      await screen.findByRole('group', { name: /Record ₦100,000.00 received by bank transfer/ }),
    );
    await app.user.click(question.getByRole('button', { name: 'Yes, record it' }));
    const money = within(screen.getByRole('region', { name: 'Payments' }));
    await waitFor(() => expect(money.getByText('Part paid')).toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(money.getByRole('link', { name: /^RCT-/ })).toBeInTheDocument();
  });

  it('asks a second time, naming the amount outstanding, before shipping an order not fully paid', async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    const app = renderApp(`/staff/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(staffMember, 'staff'),
    });
    const status = await screen.findByRole('combobox', { name: /New status/ }, { timeout: 10_000 });
    await app.user.selectOptions(status, 'Shipped');
    await app.user.click(main().getByRole('button', { name: 'Move status' }));
    await app.user.click(await main().findByRole('button', { name: 'Yes, move it' }));
    const second = within(
      await screen.findByRole('group', { name: /₦485,000.00 of the price of .* is not paid/ }),
    );
    expect((await get(server, `users/orders/${reference}`, customer.token)).body.data.status).toBe(
      'ToInspect',
    );
    await app.user.click(second.getByRole('button', { name: 'Yes, ship it unpaid' }));
    await waitFor(
      async () =>
        expect(
          (await get(server, `users/orders/${reference}`, customer.token)).body.data.status,
        ).toBe('Shipped'),
      { timeout: 10_000 },
    );
  });
});

describe('an office refund', () => {
  it("is marked refunded with staff's reference, after a confirmation", async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    const paidAtOffice = await post(
      server,
      `staff/orders/${reference}/payments`,
      { amount_kobo: PRICE, method: 'cash', reference: 'CASH-7', paid_on: inDays(0) },
      staffMember.token,
    );
    expect(paidAtOffice.status).toBe(200);
    const cancelled = await post(
      server,
      `staff/orders/${reference}/status`,
      { status: 'Cancelled', confirm_accepted: true },
      staffMember.token,
    );
    expect(cancelled.status).toBe(200);
    const app = renderApp(`/staff/orders/${reference}`, {
      apiUrl: server.apiUrl,
      session: sessionOf(staffMember, 'staff'),
    });
    const money = within(
      await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 }),
    );
    expect(money.getByText('Refund due')).toBeInTheDocument();
    await app.user.click(money.getByRole('button', { name: 'Mark refunded' }));
    const form = within(
      await screen.findByRole('form', { name: /Mark the refund of ₦485,000.00 refunded/ }),
    );
    await app.user.click(form.getByRole('button', { name: 'Mark refunded' }));
    expect(await form.findByText(REFUND_REFERENCE_MESSAGE)).toBeInTheDocument();
    await app.user.type(
      form.getByRole('textbox', { name: /Reference of your transfer/ }),
      'TRF-REFUND-1',
    );
    await app.user.click(form.getByRole('button', { name: 'Mark refunded' }));
    await app.user.click(await screen.findByRole('button', { name: 'Yes, it is refunded' }));
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('region', { name: 'Payments' })).getByText('Refunded', {
            selector: '.payment-badge',
          }),
        ).toBeInTheDocument(),
      {
        timeout: 10_000,
      },
    );
    const [refund] = (await get(server, `staff/orders/${reference}`, staffMember.token)).body.data
      .refunds;
    expect(refund).toMatchObject({ state: 'done', reference: 'TRF-REFUND-1' });
  });
});

describe('the staff queue', () => {
  it("shows each order's payment state and filters by it", async () => {
    const reference = await acceptedOrder(server, customer, staffMember, PRICE);
    const app = renderApp('/staff/orders', {
      apiUrl: server.apiUrl,
      session: sessionOf(staffMember, 'staff'),
    });
    await screen.findByRole('link', { name: reference }, { timeout: 10_000 });
    await app.user.selectOptions(main().getByRole('combobox', { name: 'Payment' }), 'paid');
    await waitFor(() => expect(main().queryByRole('link', { name: reference })).toBeNull(), {
      timeout: 10_000,
    });
    await app.user.selectOptions(main().getByRole('combobox', { name: 'Payment' }), 'unpaid');
    const row = (await screen.findByRole('link', { name: reference }, { timeout: 10_000 })).closest(
      'tr',
    )!;
    expect(within(row).getByText('Unpaid')).toBeInTheDocument();
  });
});
