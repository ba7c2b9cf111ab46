/**
 * The customer's order page (/orders/:reference) and a receipt's page
 * (/orders/:reference/receipts/:number): the paths of orderPageMachine's and receiptPageMachine's
 * graphs (one factory) through the pages. Each order path books its own delivery on the real
 * server; a reload is what the customer does that changes the order (here: Change dates, then
 * Save), after which the page loads the order again with the old one on screen. The loads go
 * through the gate (./heldApi.ts): a found order is the server's answer, "not found" the
 * server's 404 for another customer's order (or a receipt number the order does not have), a
 * failure a dropped connection on every try of the GET.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, formatNaira, type Receipt } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { orderPageMachine, receiptPageMachine } from '../../src/machines/orderPageMachine';
import { formatDay } from '../../src/ui/tracking/format';
import { get, inDays, signUp, type Customer } from '../support/api';
import { acceptedOrder, pay, verify } from '../support/payments';
import type { TestServer } from '../support/server';
import { bookDelivery } from '../support/shipments';
import { signUpStaff } from '../support/staff';
import { field, toast } from '../support/view/page';
import { graphViewSuite, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let customer: Customer;
/** Another customer's order: to this customer's page it is "not found". */
let foreign: string;
/** A paid order of the customer's and its receipt. */
let receipt: Receipt;
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ server, api, customer } = held);
  foreign = await bookDelivery(server, (await signUp(server)).token);
  const staff = await signUpStaff(server);
  const paid = await acceptedOrder(server, customer, staff, 18_500_000);
  await verify(server, paid, await pay(server, paid, customer), customer);
  const { receipts } = (await get(server, `users/orders/${paid}`, customer.token)).body.data as {
    receipts: { number: string }[];
  };
  receipt = (
    await get(server, `users/orders/${paid}/receipts/${receipts[0]!.number}`, customer.token)
  ).body.data as Receipt;
});
afterAll(() => held.close());

const SAMPLE = 'RL-ABCDEFGH23';
const offline = new ApiError([GENERIC_ERROR]);
const unknown = new ApiError(['No order was found with this reference.'], {}, 404);
const events = (load: object) => [
  { type: 'xstate.done.actor.loadOrder', output: load },
  { type: 'xstate.error.actor.loadOrder', error: unknown },
  { type: 'xstate.error.actor.loadOrder', error: offline },
  { type: 'xstate.done.actor.reloadOrder', output: load },
  { type: 'xstate.error.actor.reloadOrder', error: offline },
];
// The order and the receipt come from the server; the graph needs only where each page is.
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

const main = () => within(screen.getByRole('main'));
const errorOf = (event: EventObject | undefined) =>
  (event as { error?: ApiError } | undefined)?.error;
const isNotFound = (event: EventObject | undefined) => errorOf(event)?.status === 404;

/** Lets the held load answer, or fails it as a dropped connection on every try of the GET (src/api/client.ts). */
async function answer(event: EventObject) {
  if (event.type.startsWith('xstate.done.') || isNotFound(event)) return api.release();
  for (const last of [false, false, true]) {
    await api.fail();
    if (!last) api.hold();
  }
}

/** The failed load: its messages, and Try again. */
function expectFailed(messages: string[]) {
  const alert = main().getByRole('alert');
  expect(alert).toHaveTextContent(messages.join(''));
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
}

// ---------------------------------------------------------------------------------------------
// The order page.

/** The delivery date the customer moves the order to at the `count`th reload. */
const movedTo = (count: number) => inDays(3 + count);

async function openOrder(path: GraphPath) {
  // The first load starts as the page opens: the gate holds it so the page is seen loading.
  const reference = isNotFound(path.steps[1]?.event)
    ? foreign
    : await bookDelivery(server, customer.token);
  api.hold();
  const app = renderApp(`/orders/${reference}`, {
    apiUrl: api.apiUrl,
    session: sessionOf(customer),
  });
  await screen.findByRole('heading', { level: 1, name: 'Your order' }, { timeout: 10_000 });
  /** The delivery date the order has on the server, the one the page shows, and the reloads so far. */
  return { ...app, reference, onServer: movedTo(0), shown: movedTo(0), reloads: 0 };
}
type OrderPage = Awaited<ReturnType<typeof openOrder>>;

async function performOnOrder(page: OrderPage, event: EventObject) {
  switch (event.type) {
    case 'reload': {
      await page.user.click(main().getByRole('button', { name: 'Change dates' }));
      // The form loads when asked for.
      await main().findByRole('button', { name: 'Save the new dates' });
      const date = movedTo(++page.reloads);
      await page.user.clear(field('Delivery date'));
      await page.user.type(field('Delivery date'), date);
      // The change goes through; the load it causes is held.
      api.hold();
      await page.user.click(main().getByRole('button', { name: 'Save the new dates' }));
      await api.release();
      api.hold();
      page.onServer = date;
      return;
    }
    case 'retry':
      api.hold();
      return page.user.click(main().getByRole('button', { name: 'Try again' }));
    default:
      return answer(event);
  }
}

/** The delivery date "What you sent" shows. */
const sentDeliveryDate = () =>
  within(main().getByRole('region', { name: 'What you sent' }))
    .getByText('Delivery date')
    .closest('div')!;

async function checkOrder(page: OrderPage, expected: AnyMachineSnapshot, event: EventObject) {
  const { messages } = expected.context as { messages: string[] };
  if (event.type === 'xstate.error.actor.reloadOrder')
    for (const message of messages) await toast(message);
  if (event.type.startsWith('xstate.done.')) page.shown = page.onServer;
  await waitFor(
    () => {
      const waiting = main().queryByRole('status');
      if (expected.matches('loading')) {
        expect(waiting).toHaveTextContent('Loading your order…');
        expect(main().queryByRole('alert')).toBeNull();
        return;
      }
      expect(waiting).toBeNull();
      if (expected.matches('notFound')) {
        const alert = main().getByRole('alert');
        expect(within(alert).getByRole('heading', { name: 'Order not found' })).toBeVisible();
        expect(alert).toHaveTextContent(`We found no order ${page.reference} on your account.`);
        expect(within(alert).getByRole('link', { name: 'See your bookings' })).toHaveAttribute(
          'href',
          '/profile',
        );
      } else if (expected.matches('failed')) {
        expectFailed(messages);
      } else {
        // The order as last loaded: the date the customer moved it to shows once it is loaded again.
        const reloading = expected.matches({ showing: 'reloading' });
        expect(main().getByText(page.reference)).toBeInTheDocument();
        expect(sentDeliveryDate()).toHaveTextContent(`Delivery date${formatDay(page.shown)}`);
        const order = main().getByRole('region', { name: 'Price' }).parentElement!;
        if (reloading) expect(order).toHaveAttribute('aria-busy', 'true');
        else {
          expect(order).not.toHaveAttribute('aria-busy');
          expect(main().getByRole('button', { name: 'Change dates' })).toBeEnabled();
        }
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/orders/:reference', {
  machine: orderPageMachine,
  input: { reference: SAMPLE },
  events: events({ reference_number: SAMPLE }),
  serializeState,
  limit: 6,
  afterCoverage: 0,
  shows: {
    'orderPage.loading': '"Loading your order…" (a status), nothing else of the order',
    'orderPage.showing.current':
      'the order (its reference, "What you sent" with its delivery date), "Change dates" enabled, not busy',
    'orderPage.showing.reloading':
      'the order as it was (the old delivery date) marked busy while it loads again',
    'orderPage.notFound':
      'an alert "Order not found": "We found no order <reference> on your account." and "See your bookings" to /profile',
    'orderPage.failed': 'an alert with the messages and "Try again"',
  },
  open: openOrder,
  perform: performOnOrder,
  check: checkOrder,
  cleanup: () => api.releaseAll(),
});

// ---------------------------------------------------------------------------------------------
// A receipt's page: the same flow, nothing on it loads the receipt again.

async function openReceipt(path: GraphPath) {
  const number = isNotFound(path.steps[1]?.event) ? 'RCT-000000' : receipt.number;
  api.hold();
  const app = renderApp(`/orders/${receipt.order.reference_number}/receipts/${number}`, {
    apiUrl: api.apiUrl,
    session: sessionOf(customer),
  });
  await screen.findByRole('button', { name: 'Print' }, { timeout: 10_000 });
  return { ...app, number };
}
type ReceiptPage = Awaited<ReturnType<typeof openReceipt>>;

async function performOnReceipt(page: ReceiptPage, event: EventObject) {
  if (event.type !== 'retry') return answer(event);
  api.hold();
  return page.user.click(main().getByRole('button', { name: 'Try again' }));
}

async function checkReceipt(page: ReceiptPage, expected: AnyMachineSnapshot) {
  const { messages } = expected.context as { messages: string[] };
  await waitFor(
    () => {
      const waiting = main().queryByRole('status');
      // The way back and Print are there whatever the receipt does.
      expect(main().getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
        'href',
        `/orders/${receipt.order.reference_number}`,
      );
      if (expected.matches('loading')) {
        expect(waiting).toHaveTextContent(`Loading receipt ${page.number}…`);
        return;
      }
      expect(waiting).toBeNull();
      if (expected.matches('notFound')) {
        const alert = main().getByRole('alert');
        expect(within(alert).getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
        expect(alert).toHaveTextContent(
          `We found no receipt ${page.number} for order ${receipt.order.reference_number}.`,
        );
      } else if (expected.matches('failed')) {
        expectFailed(messages);
      } else {
        const sheet = main().getByRole('article', { name: `Receipt` });
        expect(sheet).toHaveTextContent(receipt.number);
        expect(sheet).toHaveTextContent(`Amount received${formatNaira(receipt.amount_kobo)}`);
        expect(sheet).toHaveTextContent(receipt.order.reference_number);
        expect(sheet).toHaveTextContent('Thank you for your payment.');
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/orders/:reference/receipts/:number', {
  machine: receiptPageMachine,
  input: { reference: SAMPLE },
  events: events({ number: 'RCT-000001' }),
  serializeState,
  limit: 4,
  afterCoverage: 0,
  shows: {
    'receiptPage.loading': '"Loading receipt <number>…" (a status), Print and "Back to the order"',
    'receiptPage.showing.current':
      'the receipt: its number, "Amount received <naira>", the order\'s reference, "Thank you for your payment."',
    'receiptPage.showing.reloading': 'never seen: nothing on the page loads the receipt again',
    'receiptPage.notFound':
      'an alert "Receipt not found": "We found no receipt <number> for order <reference>."',
    'receiptPage.failed': 'an alert with the messages and "Try again"',
  },
  unreachable: {
    'receiptPage.showing.reloading': 'only a reload leads there (below)',
    'receiptPage.showing.current --reload--> receiptPage.showing.reloading':
      'the receipt page offers nothing that changes the receipt, so it never loads it again',
    'receiptPage.showing.reloading --xstate.done.actor.reloadOrder--> receiptPage.showing.current':
      'never reloads (above)',
    'receiptPage.showing.reloading --xstate.error.actor.reloadOrder--> receiptPage.showing.current':
      'never reloads (above)',
  },
  offered: (event) => event.type !== 'reload',
  open: openReceipt,
  perform: performOnReceipt,
  check: checkReceipt,
  cleanup: () => api.releaseAll(),
});
