/**
 * Pay on the order page (/orders/:reference): the paths of orderPaymentMachine's graph through
 * the Pay button, from its two starts: an accepted price to pay, and the return from the test
 * gateway's checkout (`?reference=`) after the customer paid or declined there. Each path has its
 * own order, priced by staff and accepted, on the real server; the calls go through the gate
 * (./heldApi.ts): a started payment and a verdict are the server's, a failure a dropped
 * connection (every try of the verify). Leaving for the checkout is a full navigation, which jsdom does not do: the path
 * ends there, with the button busy.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, formatNaira } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  orderPaymentMachine,
  type OrderPaymentInput,
} from '../../src/machines/orderPaymentMachine';
import { type Customer } from '../support/api';
import { acceptedOrder, pay } from '../support/payments';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import type { TestServer } from '../support/server';
import { toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let staff: Customer;
let customer: Customer;
let held: HeldServer;
beforeAll(async () => {
  held = await startHeldServer();
  ({ server, api, staff, customer } = held);
});
afterAll(() => held.close());

const PRICE = 48_500_000;
const balance = formatNaira(PRICE);
const PAID = 'Payment received: thank you.';
const DECLINED = 'The payment did not go through: nothing was charged. You can try again.';
const fresh: OrderPaymentInput = { reference: 'RL-ABCDEFGH23', returnedFrom: null };
const returned: OrderPaymentInput = { reference: 'RL-ABCDEFGH23', returnedFrom: 'PSK-1-abc' };
const offline = new ApiError([GENERIC_ERROR]);
const started = { authorization_url: 'http://127.0.0.1:9/checkout/PSK-2', reference: 'PSK-2' };

const payment = () => within(screen.getByRole('region', { name: 'Payment' }));
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');

async function open(path: GraphPath) {
  const input = inputOf(path) as OrderPaymentInput;
  const reference = await acceptedOrder(server, customer, staff, PRICE);
  if (!input.returnedFrom) {
    const app = renderApp(`/orders/${reference}`, {
      apiUrl: api.apiUrl,
      session: sessionOf(customer),
    });
    await screen.findByRole('region', { name: 'Payment' }, { timeout: 10_000 });
    await payment().findByRole('button', { name: `Pay ${balance}` });
    return app;
  }
  // Back from the checkout, where the customer paid or declined as the path's verdict says (declined
  // when the verify fails: the gateway's own event could mark it paid meanwhile, and the button go).
  const verdict = path.steps[1]?.event as { output?: { paid: boolean } } | undefined;
  const paystackReference = await pay(
    server,
    reference,
    customer,
    verdict?.output?.paid ? 'pay' : 'decline',
  );
  // The order loads first; the gate holds the verify that follows it.
  api.hold();
  const app = renderApp(`/orders/${reference}?reference=${paystackReference}`, {
    apiUrl: api.apiUrl,
    session: sessionOf(customer),
  });
  await api.release();
  api.hold();
  await screen.findByRole('region', { name: 'Payment' }, { timeout: 10_000 });
  await payment().findByText('Checking your payment…');
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'pay':
    case 'retry':
      if (isAnswer(next)) api.hold();
      return page.user.click(
        payment().getByRole('button', {
          name: event.type === 'pay' ? `Pay ${balance}` : `Try again: pay ${balance}`,
        }),
      );
    case 'xstate.done.actor.startPayment':
    case 'xstate.done.actor.verifyPayment':
      return api.release();
    case 'xstate.error.actor.startPayment':
      return api.fail();
    case 'xstate.error.actor.verifyPayment':
      // A GET is tried three times (src/api/client.ts): the network stays down for all of them.
      for (const last of [false, false, true]) {
        await api.fail();
        if (!last) api.hold();
      }
      return;
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { messages } = expected.context as { messages: string[] };
  if (event.type === 'xstate.done.actor.verifyPayment' && expected.matches('paid'))
    await toast(PAID);
  else for (const message of messages) await toast(message);
  await waitFor(
    () => {
      const waiting = payment().queryByText('Checking your payment…');
      if (expected.matches('verifying')) {
        expect(waiting).toBeInTheDocument();
        expect(payment().queryByRole('button')).toBeNull();
        return;
      }
      expect(waiting).toBeNull();
      if (expected.matches('paid')) {
        expect(payment().queryByRole('button', { name: /pay ₦/i })).toBeNull();
        expect(payment().getByText('Receipts')).toBeInTheDocument();
        return;
      }
      const failed = expected.matches('failed');
      const alert = payment().queryByRole('alert');
      if (failed) expect(alert).toHaveTextContent(messages.join(''));
      else expect(alert).toBeNull();
      const busyLabel = expected.matches('atCheckout')
        ? 'Opening the checkout…'
        : expected.matches('starting')
          ? 'Starting your payment…'
          : null;
      const button = payment().getByRole('button', {
        name: busyLabel ?? (failed ? `Try again: pay ${balance}` : `Pay ${balance}`),
      });
      if (busyLabel) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/orders/:reference payment', {
  machine: orderPaymentMachine,
  input: fresh,
  inputs: [fresh, returned],
  events: [
    { type: 'xstate.done.actor.startPayment', output: started },
    { type: 'xstate.error.actor.startPayment', error: offline },
    { type: 'xstate.done.actor.verifyPayment', output: { paid: true, message: PAID } },
    { type: 'xstate.done.actor.verifyPayment', output: { paid: false, message: DECLINED } },
    { type: 'xstate.error.actor.verifyPayment', error: offline },
  ],
  limit: 10,
  afterCoverage: 0,
  shows: {
    'orderPayment.arriving': 'nothing of its own: it decides at once',
    'orderPayment.idle': '"Pay <balance>" enabled, no alert',
    'orderPayment.starting': '"Starting your payment…" disabled',
    'orderPayment.atCheckout': '"Opening the checkout…" disabled while the browser leaves',
    'orderPayment.verifying': '"Checking your payment…" instead of the button',
    'orderPayment.paid':
      'no Pay button any more, the receipt under Receipts (a toast "Payment received: thank you.")',
    'orderPayment.failed':
      'an alert with the messages and "Try again: pay <balance>" enabled (the messages also as toasts)',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
