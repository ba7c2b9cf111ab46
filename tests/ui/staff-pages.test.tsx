/** The staff workspace against the real server: the guard, its shell, the overview, the queue, an order's actions, applications, subscribers. */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNaira } from '../../src/api/contract';
import type { StoredSession } from '../../src/api/storage';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { bookDelivery } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { startHeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let staff: StoredSession;
let customer: Customer;
let reference: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = sessionOf(await signUpStaff(server), 'staff');
  customer = await signUp(server);
  reference = await bookDelivery(server, customer.token);
});
afterAll(() => server.close());

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));

describe('the staff guard', () => {
  it('tells a customer the staff pages are not for them', async () => {
    renderApp('/staff', { apiUrl: server.apiUrl, session: sessionOf(customer, 'customer') });
    await heading('Not allowed');
    expect(main().getByText(/for the company's staff/)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Staff' })).toBeNull();
  });

  it('sends a visitor to /login and remembers where they were going', async () => {
    const app = renderApp('/staff/orders/RL-ABCDEFGH23', { apiUrl: server.apiUrl });
    await heading('Log In');
    expect(app.location().pathname).toBe('/login');
    expect(app.location().state).toEqual({
      from: { pathname: '/staff/orders/RL-ABCDEFGH23', search: '' },
    });
  });

  it('shows Staff in the header for staff', async () => {
    renderApp('/profile', { apiUrl: server.apiUrl, session: staff });
    await within(screen.getByRole('banner')).findByRole(
      'link',
      { name: 'Staff' },
      { timeout: 10_000 },
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'href',
      '/staff',
    );
  });
});

describe('the workspace shell', () => {
  it('frames every staff page with its sections, the staff member and Log out, without the public header, footer or WhatsApp bubble', async () => {
    for (const path of [
      '/staff',
      '/staff/orders',
      '/staff/applications',
      '/staff/subscribers',
      `/staff/orders/${reference}`,
    ]) {
      const view = renderApp(path, { apiUrl: server.apiUrl, session: staff });
      await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      const menu = screen.getByRole('navigation', { name: 'Staff workspace' });
      expect(
        within(menu)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Overview',
        'Orders',
        'Dispatch',
        'Crews',
        'Applications',
        'Subscribers',
        'Prices',
      ]);
      expect(within(menu).getByRole('link', { name: 'Prices' })).toHaveAttribute(
        'href',
        '/staff/prices',
      );
      expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      expect(screen.queryByText(/WhatsApp/i)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
      view.unmount();
    }
  });

  it('names the signed-in staff member from their profile', async () => {
    renderApp('/staff', { apiUrl: server.apiUrl, session: staff });
    expect(await screen.findByText('Ada Obi', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('logs out from the bar', async () => {
    const app = renderApp('/staff/orders', {
      apiUrl: server.apiUrl,
      session: { ...staff, token: (await signUpStaff(server)).token },
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'Log out' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});

describe('/staff (the overview)', () => {
  it('counts what needs doing, each count a link to the queue of exactly those orders', async () => {
    const answer = await fetch(`${server.apiUrl}/staff/overview`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const { data } = await answer.json();
    const app = renderApp('/staff', { apiUrl: server.apiUrl, session: staff });
    await heading('Overview');
    const needPrice = await main().findByRole(
      'link',
      { name: /Need a price/ },
      { timeout: 10_000 },
    );
    expect(needPrice).toHaveTextContent(String(data.unpriced));
    expect(needPrice).toHaveAttribute(
      'href',
      '/staff/orders?status=open&price=none&sort=created&dir=asc',
    );
    const tomorrow = main().getByRole('link', { name: /Pickups and moves tomorrow/ });
    expect(tomorrow).toHaveTextContent(String(data.jobs_tomorrow));
    expect(tomorrow).toHaveAttribute(
      'href',
      `/staff/orders?status=open&job_from=${data.tomorrow}&job_to=${data.tomorrow}&sort=job_date`,
    );
    await app.user.click(tomorrow);
    await heading('Orders');
    const links = await main().findAllByRole('link', { name: /^RL-/ }, { timeout: 10_000 });
    expect(links).toHaveLength(data.jobs_tomorrow);
    expect(app.location().search).toBe(
      `?status=open&job_from=${data.tomorrow}&job_to=${data.tomorrow}&sort=job_date`,
    );
  });

  it('says when the counts cannot be had, and offers to try again', async () => {
    renderApp('/staff', { apiUrl: 'http://127.0.0.1:9/api/v1', session: staff });
    const alert = await main().findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('/staff/orders (the queue)', () => {
  it('lists the order with its customer and price, finds it by email and keeps the search text', async () => {
    const app = renderApp('/staff/orders', { apiUrl: server.apiUrl, session: staff });
    const row = (await main().findByRole('link', { name: reference }, { timeout: 10_000 })).closest(
      'tr',
    )!;
    expect(within(row).getByText('Scheduled Delivery')).toBeInTheDocument();
    expect(within(row).getByText(customer.email)).toBeInTheDocument();
    expect(within(row).getByText('To Inspect')).toBeInTheDocument();
    expect(within(row).getByText('No price yet')).toBeInTheDocument();

    await app.user.type(
      main().getByRole('searchbox', { name: /Search/ }),
      'nobody-has-this@example.com',
    );
    await app.user.click(main().getByRole('button', { name: 'Search' }));
    expect(await main().findByText('No orders match.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(main().getByRole('searchbox', { name: /Search/ })).toHaveValue(
      'nobody-has-this@example.com',
    );
    expect(app.location().search).toBe('?q=nobody-has-this%40example.com');

    await app.user.clear(main().getByRole('searchbox', { name: /Search/ }));
    await app.user.type(main().getByRole('searchbox', { name: /Search/ }), customer.email);
    await app.user.click(main().getByRole('button', { name: 'Search' }));
    const links = await main().findAllByRole('link', { name: /^RL-/ }, { timeout: 5000 });
    expect(links.map((link) => link.textContent)).toEqual([reference]);
  });

  it('filters by status', async () => {
    const app = renderApp('/staff/orders', { apiUrl: server.apiUrl, session: staff });
    await main().findByRole('link', { name: reference }, { timeout: 10_000 });
    await app.user.selectOptions(main().getByRole('combobox', { name: 'Status' }), 'Delivered');
    expect(await main().findByText('No orders match.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(app.location().search).toBe('?status=Delivered');
  });

  it('says when the queue cannot be loaded, and offers to try again', async () => {
    renderApp('/staff/orders', { apiUrl: 'http://127.0.0.1:9/api/v1', session: staff });
    const alert = await main().findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('/staff/orders from a pasted link', () => {
  it("opens with the link's filters, search and sort in its fields", async () => {
    renderApp(`/staff/orders?status=open&sort=job_date&dir=desc&q=${customer.email}`, {
      apiUrl: server.apiUrl,
      session: staff,
    });
    await main().findByRole('link', { name: reference }, { timeout: 10_000 });
    expect(main().getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(main().getByRole('combobox', { name: 'Sort' })).toHaveValue('job_date:desc');
    expect(main().getByRole('searchbox', { name: /Search/ })).toHaveValue(customer.email);
  });
});

describe('/staff/orders/:reference', () => {
  it('shows what the customer sent, refuses a bad amount at the field, then sends a price after confirming', async () => {
    const app = renderApp(`/staff/orders/${reference}`, { apiUrl: server.apiUrl, session: staff });
    await heading(`Order ${reference}`);
    await main().findByText('12 Admiralty Way, Lekki, Lagos', {}, { timeout: 10_000 });
    expect(main().getByText('Chinedu Eze')).toBeInTheDocument();
    expect(main().getByText('Two boxes of books')).toBeInTheDocument();

    const amount = main().getByRole('textbox', { name: /Amount in naira/ });
    await app.user.type(amount, '12');
    await app.user.type(main().getByLabelText(/Valid until/), inDays(7));
    await app.user.click(main().getByRole('button', { name: 'Send price' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/must be between/));
    expect(amount).toHaveValue('12');

    await app.user.clear(amount);
    await app.user.type(amount, '185,000');
    await app.user.click(main().getByRole('button', { name: 'Send price' }));
    expect(main().getByRole('group', { name: /^Send RL-\w+ an offer of/ })).toHaveTextContent(
      formatNaira(18_500_000),
    );
    await app.user.click(main().getByRole('button', { name: 'Yes, send it' }));
    await waitFor(() =>
      expect(main().getByRole('status')).toHaveTextContent(/Offer of ₦185,000.00 sent/),
    );
    const offers = await main().findByRole('heading', { name: 'Price offers' });
    await waitFor(() => expect(offers.closest('section')!).toHaveTextContent('₦185,000.00'));
  });

  it('corrects an accepted price with its reason after confirming, and the history says so (issue 33, F6)', async () => {
    const accepted = await bookDelivery(server, customer.token);
    const sent = await post(
      server,
      `staff/orders/${accepted}/offer`,
      { amount_kobo: 18_500_000, valid_until: inDays(7) },
      staff.token,
    );
    await post(
      server,
      `users/orders/${accepted}/offer/accept`,
      { offer_id: sent.body.data.offer.id },
      customer.token,
    );
    const app = renderApp(`/staff/orders/${accepted}`, { apiUrl: server.apiUrl, session: staff });
    await heading(`Order ${accepted}`);
    await main().findByText('The customer accepted a price: it is final.', {}, { timeout: 10_000 });
    await app.user.type(
      main().getByRole('textbox', { name: /Corrected amount in naira/ }),
      '150,000',
    );
    await app.user.type(main().getByLabelText(/Valid until/), inDays(7));
    await app.user.type(
      main().getByRole('textbox', { name: /Why the price is corrected/ }),
      'The pickup is in Ikeja',
    );
    await app.user.click(main().getByRole('button', { name: 'Send correction' }));
    expect(
      main().getByRole('group', { name: /^Send RL-\w+ a corrected price of/ }),
    ).toHaveTextContent(formatNaira(15_000_000));
    await app.user.click(main().getByRole('button', { name: 'Yes, send it' }));
    await waitFor(() =>
      expect(main().getByRole('status')).toHaveTextContent(/Corrected price of ₦150,000.00 sent/),
    );
    const history = main().getByRole('list', { name: 'History' });
    await waitFor(() =>
      expect(history).toHaveTextContent(/Price correction: ₦150,000.00.*The pickup is in Ikeja/),
    );
  });

  it('moves the status after confirming, with a note that shows in the history', async () => {
    const other = await bookDelivery(server, customer.token);
    const app = renderApp(`/staff/orders/${other}`, { apiUrl: server.apiUrl, session: staff });
    const status = await main().findByRole('combobox', { name: /New status/ }, { timeout: 10_000 });
    await app.user.click(main().getByRole('button', { name: 'Move status' }));
    await waitFor(() => expect(status).toHaveAttribute('aria-invalid', 'true'));
    await app.user.selectOptions(status, 'Shipped');
    await app.user.type(main().getByLabelText('Note (optional)'), 'Van 3 left Lekki');
    await app.user.click(main().getByRole('button', { name: 'Move status' }));
    await app.user.click(main().getByRole('button', { name: 'Yes, move it' }));
    await waitFor(() => expect(main().getByRole('status')).toHaveTextContent(/Shipped/));
    const history = main().getByRole('list', { name: 'History' });
    await waitFor(() => expect(history).toHaveTextContent('Van 3 left Lekki'));
    expect(main().getByRole('combobox', { name: /New status/ })).toHaveValue('');
  });

  it('cancels an order whose price the customer accepted only once the page shows that price', async () => {
    const accepted = await bookDelivery(server, customer.token);
    const sent = await post(
      server,
      `staff/orders/${accepted}/offer`,
      { amount_kobo: 18_500_000, valid_until: inDays(7) },
      staff.token,
    );
    const app = renderApp(`/staff/orders/${accepted}`, { apiUrl: server.apiUrl, session: staff });
    const status = await main().findByRole('combobox', { name: /New status/ }, { timeout: 10_000 });
    // The customer accepts while the page still shows the price open.
    expect(
      (
        await post(
          server,
          `users/orders/${accepted}/offer/accept`,
          { offer_id: sent.body.data.offer.id },
          customer.token,
        )
      ).status,
    ).toBe(200);
    await app.user.selectOptions(status, 'Cancelled');
    await app.user.click(main().getByRole('button', { name: 'Move status' }));
    await app.user.click(main().getByRole('button', { name: 'Yes, move it' }));
    expect(
      await screen.findByText(
        'The customer accepted ₦185,000.00 for this order: confirm that you cancel it anyway.',
      ),
    ).toBeInTheDocument();
    // The page loads the order again: the accepted price shows, and the confirmation names it.
    await waitFor(() =>
      expect(main().getByText('The customer accepted a price: it is final.')).toBeInTheDocument(),
    );
    await app.user.click(main().getByRole('button', { name: 'Move status' }));
    expect(main().getByRole('group', { name: /^Move RL-\w+ to Cancelled\?/ })).toHaveTextContent(
      'The customer accepted ₦185,000.00: that job is cancelled too.',
    );
    await app.user.click(main().getByRole('button', { name: 'Yes, move it' }));
    await waitFor(() => expect(main().getByRole('status')).toHaveTextContent(/Cancelled/));
  });

  it("lists the order's texts (template, channel, masked number, state, time), or says there are none", async () => {
    // The order as the server answers it, with the texts given here: what a booking texts is the
    // server's to decide (tests/api), the page draws whatever the list holds.
    const { body } = await get(server, `staff/orders/${reference}`, staff.token);
    const order = (body as { data: Record<string, unknown> }).data;
    const gate = await startHeldApi(server.apiUrl);
    try {
      const texts = [
        {
          channel: 'whatsapp',
          to: '+234*******4567',
          template: 'refund_sent',
          state: 'failed',
          at: '2026-11-21T10:05:00.000Z',
        },
        {
          channel: 'sms',
          to: '+234*******4567',
          template: 'booking_received',
          state: 'delivered',
          at: '2026-11-20T09:00:00.000Z',
        },
      ];
      for (const messages of [[], texts]) {
        gate.hold(/\/staff\/orders\/RL-\w+$/);
        renderApp(`/staff/orders/${reference}`, { apiUrl: gate.apiUrl, session: staff });
        await gate.answer(200, { message: 'Order found', data: { ...order, messages } });
        const section = await main().findByRole('region', { name: 'Texts' }, { timeout: 10_000 });
        if (!messages.length) expect(section).toHaveTextContent('No texts yet.');
        else
          expect(
            within(section)
              .getAllByRole('listitem')
              .map((item) => item.textContent),
          ).toEqual([
            'Refund sent · WhatsApp to +234*******4567 · FailedNov 21, 11:05 am',
            'Booking received · SMS to +234*******4567 · DeliveredNov 20, 10:00 am',
          ]);
        cleanup();
      }
    } finally {
      await gate.close();
    }
  });

  it('says an unknown reference is unknown', async () => {
    renderApp('/staff/orders/RL-2222222222', { apiUrl: server.apiUrl, session: staff });
    expect(await main().findByText(/No order/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('/staff/applications and /staff/subscribers', () => {
  it('lists an application and saves its new status', async () => {
    await post(server, 'Mover-Registration', {
      full_name: 'Tunde Bakare',
      email: 'tunde@example.com',
      age: 29,
      mobile_number: '08031234567',
      location: 'Yaba, Lagos',
    });
    const app = renderApp('/staff/applications', { apiUrl: server.apiUrl, session: staff });
    const status = await main().findByRole(
      'combobox',
      { name: 'Status of Tunde Bakare' },
      { timeout: 10_000 },
    );
    expect(status).toHaveValue('new');
    await app.user.selectOptions(status, 'contacted');
    await waitFor(() => expect(status).toBeEnabled());
    await waitFor(async () => {
      const answer = await fetch(`${server.apiUrl}/staff/applications`, {
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect((await answer.json()).data[0].status).toBe('contacted');
    });
  });

  it('lists the subscribers a page at a time ("Show more"), and downloads them all as CSV', async () => {
    // 51 subscribers: one more than a page, the first one subscribed earliest.
    await post(server, 'newsletter', { email: 'reader@example.com' });
    for (let n = 1; n <= 50; n++)
      await post(server, 'newsletter', { email: `reader${n}@example.com` });
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:subscribers';
    };
    URL.revokeObjectURL = () => {};
    const app = renderApp('/staff/subscribers', { apiUrl: server.apiUrl, session: staff });
    await main().findByText('reader50@example.com', {}, { timeout: 10_000 });
    expect(main().getAllByRole('row')).toHaveLength(51);
    expect(main().queryByText('reader@example.com')).toBeNull();
    await app.user.click(main().getByRole('button', { name: 'Show more' }));
    await main().findByText('reader@example.com', {}, { timeout: 5000 });
    expect(main().getAllByRole('row')).toHaveLength(52);
    expect(main().queryByRole('button', { name: 'Show more' })).toBeNull();
    await app.user.click(main().getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csv = await saved[0]!.text();
    expect(csv).toContain('reader@example.com');
    expect(csv).toContain('reader50@example.com');
  });
});

describe('the prices page', () => {
  it("reads typed naira with the contract's parser: an amount past 12 digits is refused at its field, not rounded by floating point", async () => {
    const before = await fetch(`${server.apiUrl}/staff/prices`, {
      headers: { authorization: `Bearer ${staff.token}` },
    }).then((answer) => answer.json());
    const app = renderApp('/staff/prices', { apiUrl: server.apiUrl, session: staff });
    await heading('Prices');
    const floor = await main().findByRole(
      'textbox',
      { name: 'Move: per floor above the ground, each end, in naira' },
      { timeout: 10_000 },
    );
    // Math.round(Number(text) * 100) makes this 9007199254740998 kobo, a whole amount the page
    // would have sent; the contract's parser takes 12 digits of naira at most.
    await app.user.clear(floor);
    await app.user.type(floor, '90071992547409.99');
    await app.user.click(main().getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(floor).toHaveAccessibleDescription('Enter a whole amount.'));
    // What the contract reads exactly is kept exactly: 0.29 naira is 29 kobo.
    await app.user.clear(floor);
    await app.user.type(floor, '₦ 1,234.29');
    await app.user.click(main().getByRole('button', { name: 'Save as a new version' }));
    await screen.findByText(/^Prices saved as version/, {}, { timeout: 10_000 });
    const after = await fetch(`${server.apiUrl}/staff/prices`, {
      headers: { authorization: `Bearer ${staff.token}` },
    }).then((answer) => answer.json());
    expect(after.data.version).toBe(before.data.version + 1);
    expect(after.data.per_floor_kobo).toBe(123_429);
  });
});
