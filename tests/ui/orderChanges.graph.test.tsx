/**
 * Cancel and Change dates on the order page (/orders/:reference): the paths of
 * orderChangesMachine's graph through its buttons and fields, from two starts: a scheduled
 * delivery nothing was paid for, and one priced, accepted and paid on the test gateway (its
 * cancellation shows the fee and the refund and asks again). Each path books its own order on
 * the real server; the calls go through the gate (./heldApi.ts): a success is the server's, a
 * refused cancel the gate answering 409 with the server's words, a failure a dropped connection.
 * (A quote's dates are the same flow under other names; the machine's own suite covers them.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, formatNaira, type Cancellation } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  orderChangesMachine,
  type OrderChangesInput,
} from '../../src/machines/orderChangesMachine';
import { get, inDays, post, scheduledDelivery, type Customer } from '../support/api';
import { acceptedOrder, pay, verify } from '../support/payments';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import type { TestServer } from '../support/server';
import { field, toast } from '../support/view/page';
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

const unpaid: OrderChangesInput = {
  reference: 'RL-ABCDEFGH23',
  kind: 'delivery',
  dates: { pickup_date: inDays(1), delivery_date: inDays(3) },
  cancellation: null,
};
/** Paid in full ten days before pickup: the server works out the fee and the refund (checked against the page). */
const paid: OrderChangesInput = {
  ...unpaid,
  dates: { pickup_date: inDays(10), delivery_date: inDays(11) },
  cancellation: { fee_kobo: 0, refund_kobo: 18_500_000 },
};
const REFUSED = 'Only an order To Inspect can be cancelled.';
const offline = new ApiError([GENERIC_ERROR]);
const notAnyMore = new ApiError([REFUSED], {}, 409);
/** The customer accepted a price in another tab before the cancel arrived: the real server refuses it. */
const ACCEPTED_MEANWHILE =
  'You accepted ₦190,000.00 for this order meanwhile: check the fee and refund before you cancel.';
const acceptedMeanwhile = new ApiError([ACCEPTED_MEANWHILE], {}, 409, {
  message: ACCEPTED_MEANWHILE,
  order: {
    status: 'ToInspect',
    offer: { id: 1, state: 'accepted', correction: null },
    cancellation: { fee_kobo: 0, refund_kobo: 0 },
  },
});
const labels: Record<string, string> = {
  pickup_date: 'Pickup date',
  delivery_date: 'Delivery date',
};

const main = () => within(screen.getByRole('main'));
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const reasonField = () => main().getByRole('textbox', { name: /Why are you cancelling/ });

async function open(path: GraphPath) {
  const input = inputOf(path) as OrderChangesInput;
  let reference: string;
  if (input.cancellation) {
    reference = await acceptedOrder(server, customer, staff, 18_500_000, 10);
    const paystackReference = await pay(server, reference, customer);
    await verify(server, reference, paystackReference, customer);
  } else {
    const booked = await post(
      server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), ...input.dates },
      customer.token,
    );
    reference = booked.body.data.reference_number as string;
  }
  // What cancelling keeps and gives back as the server works it out (none when nothing was paid).
  const { cancellation: money } = (await get(server, `users/orders/${reference}`, customer.token))
    .body.data as { cancellation: Cancellation | null };
  const cancellation = money && money.fee_kobo + money.refund_kobo > 0 ? money : null;
  const app = renderApp(`/orders/${reference}`, {
    apiUrl: api.apiUrl,
    session: sessionOf(customer),
  });
  await main().findByRole('button', { name: 'Cancel order' }, { timeout: 10_000 });
  return { ...app, reference, cancellation };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  const click = (name: string) => page.user.click(main().getByRole('button', { name }));
  switch (event.type) {
    case 'cancel.start':
      return click('Cancel order');
    case 'reschedule.start':
      return click('Change dates');
    case 'reason.change': {
      const { value } = event as unknown as { value: string };
      await page.user.clear(reasonField());
      if (value) await page.user.type(reasonField(), value);
      return;
    }
    case 'date.change': {
      const { name, value } = event as unknown as { name: string; value: string };
      await page.user.clear(field(labels[name]!));
      if (value) await page.user.type(field(labels[name]!), value);
      return;
    }
    case 'confirm':
      if (isAnswer(next)) api.hold();
      if (main().queryByRole('form', { name: 'Change the dates' }))
        return click('Save the new dates');
      if (main().queryByRole('form', { name: 'Cancel the order' }))
        return click('Cancel the order');
      return click(`Yes, cancel and refund ${formatNaira(page.cancellation!.refund_kobo)}`);
    case 'back': {
      const name = main().queryByRole('form', { name: 'Cancel the order' })
        ? 'Keep the order'
        : 'Back';
      return click(name);
    }
    case 'xstate.done.actor.cancel':
    case 'xstate.done.actor.reschedule':
      return api.release();
    case 'xstate.error.actor.cancel':
    case 'xstate.error.actor.reschedule': {
      const { error } = event as unknown as { error: ApiError };
      if (error === acceptedMeanwhile) {
        // Priced and accepted meanwhile; the held cancel then reaches the server, which refuses it.
        const sent = await post(
          server,
          `staff/orders/${page.reference}/offer`,
          { amount_kobo: 19_000_000, valid_until: inDays(7) },
          staff.token,
        );
        const accepted = await post(
          server,
          `users/orders/${page.reference}/offer/accept`,
          { offer_id: sent.body.data.offer.id },
          customer.token,
        );
        expect(accepted.status).toBe(200);
        return api.release();
      }
      return error.status === 409 ? api.answer(409, { message: REFUSED }) : api.fail();
    }
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { reason, dates, errors, messages } = expected.context as {
    reason: string;
    dates: Record<string, string>;
    errors: Record<string, string[]>;
    messages: string[];
  };
  if (event.type.startsWith('xstate.error.') || (event.type === 'confirm' && messages[0]))
    for (const message of messages) await toast(message);
  if (event.type === 'xstate.done.actor.cancel') await toast('Your order is cancelled.');
  if (event.type === 'xstate.done.actor.reschedule') await toast('Your dates are changed.');
  const money = page.cancellation && {
    fee: formatNaira(page.cancellation.fee_kobo),
    refund: formatNaira(page.cancellation.refund_kobo),
  };
  await waitFor(
    () => {
      const cancelForm = main().queryByRole('form', { name: 'Cancel the order' });
      const datesForm = main().queryByRole('form', { name: 'Change the dates' });
      const review = main().queryByRole('group', { name: /^Cancel RL-/ });
      const cancelButton = main().queryByRole('button', { name: 'Cancel order' });
      if (expected.matches('idle')) {
        expect(cancelButton).toBeEnabled();
        expect(main().getByRole('button', { name: 'Change dates' })).toBeEnabled();
        expect([cancelForm, datesForm, review]).toEqual([null, null, null]);
      } else if (expected.matches('cancelled')) {
        expect([cancelButton, cancelForm, datesForm, review]).toEqual([null, null, null, null]);
      } else if (expected.matches({ cancelling: 'reviewing' })) {
        expect(review).toHaveTextContent(
          `Cancel ${page.reference}? We keep a cancellation fee of ${money!.fee} and refund you ${money!.refund} within 7 business days`,
        );
        expect(
          within(review!).getByRole('button', { name: `Yes, cancel and refund ${money!.refund}` }),
        ).toBeEnabled();
        expect(within(review!).getByRole('button', { name: 'Back' })).toBeEnabled();
      } else if (expected.matches('cancelling')) {
        expect(cancelForm).toBeInTheDocument();
        if (money) {
          expect(cancelForm).toHaveTextContent('You paid for this order. If you cancel now:');
          expect(cancelForm).toHaveTextContent(`Cancellation fee${money.fee}`);
          expect(cancelForm).toHaveTextContent(`We refund you${money.refund}`);
        } else expect(cancelForm).not.toHaveTextContent('You paid for this order');
        expect(reasonField()).toHaveProperty('value', reason);
        if (errors.reason)
          expect(reasonField()).toHaveAccessibleDescription(errors.reason.join(' '));
        else expect(reasonField()).not.toHaveAttribute('aria-invalid');
        const sending = expected.matches({ cancelling: 'sending' });
        const submit = within(cancelForm!).getByRole('button', {
          name: sending ? 'Cancelling...' : 'Cancel the order',
        });
        if (sending) expect(submit).toBeDisabled();
        else expect(submit).toBeEnabled();
      } else {
        expect(datesForm).toBeInTheDocument();
        for (const [name, label] of Object.entries(labels)) {
          expect(field(label)).toHaveProperty('value', dates[name]);
          if (errors[name])
            expect(field(label)).toHaveAccessibleDescription(errors[name].join(' '));
          else expect(field(label)).not.toHaveAttribute('aria-invalid');
        }
        const sending = expected.matches({ rescheduling: 'sending' });
        const submit = within(datesForm!).getByRole('button', {
          name: sending ? 'Saving...' : 'Save the new dates',
        });
        if (sending) expect(submit).toBeDisabled();
        else expect(submit).toBeEnabled();
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/orders/:reference changes', {
  machine: orderChangesMachine,
  input: unpaid,
  inputs: [unpaid, paid],
  events: [
    { type: 'reason.change', value: 'We found another mover' },
    { type: 'reason.change', value: '' },
    { type: 'date.change', name: 'delivery_date', value: inDays(5) },
    { type: 'date.change', name: 'delivery_date', value: inDays(-1) },
    { type: 'xstate.done.actor.cancel', output: {} },
    { type: 'xstate.error.actor.cancel', error: notAnyMore },
    { type: 'xstate.error.actor.cancel', error: acceptedMeanwhile },
    { type: 'xstate.done.actor.reschedule', output: {} },
    { type: 'xstate.error.actor.reschedule', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      reason: snapshot.context.reason !== '',
      paid: snapshot.context.cancellation !== null,
      dates: snapshot.context.dates,
    }),
  // The paid order is only cancelled here (its dates are the unpaid one's flow); a field is typed into only when it changes.
  offered: (event, state) => {
    if (event.type === 'reschedule.start') return state.context.cancellation === null;
    // A price accepted meanwhile is tried on the unpaid order, which has none yet.
    if ((event as { error?: unknown }).error === acceptedMeanwhile)
      return state.context.cancellation === null && state.context.offerId === null;
    if (event.type === 'reason.change')
      return (event as { value?: string }).value !== state.context.reason;
    if (event.type === 'date.change')
      return (event as { value?: string }).value !== state.context.dates.delivery_date;
    return true;
  },
  limit: 18,
  afterCoverage: 0,
  shows: {
    'orderChanges.idle': '"Change dates" and "Cancel order", no form',
    'orderChanges.cancelling.editing':
      'the form "Cancel the order": why the last cancel was refused when a price was accepted meanwhile, a paid order\'s fee and refund, "Why are you cancelling?" holding the reason (its message under it), "Cancel the order" and "Keep the order"',
    'orderChanges.cancelling.weighing': 'nothing of its own: it decides at once',
    'orderChanges.cancelling.reviewing':
      '"Cancel <reference>? We keep a cancellation fee of <fee> and refund you <refund> …", "Yes, cancel and refund <refund>" and "Back"',
    'orderChanges.cancelling.sending': '"Cancelling..." disabled',
    'orderChanges.rescheduling.editing':
      'the form "Change the dates": "Pickup date" and "Delivery date" holding the dates (their messages under them), "Save the new dates" and "Back"',
    'orderChanges.rescheduling.sending': '"Saving..." disabled',
    'orderChanges.cancelled':
      'no Cancel order or form any more (a toast "Your order is cancelled.")',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
