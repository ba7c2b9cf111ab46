/**
 * The staff order page (/staff/orders/:reference): the paths of staffOrderActionsMachine's graph
 * through its forms (move the status, send a price, record an office payment, mark an office
 * refund paid), each confirmed before it is sent, signed in as staff, against the real server
 * behind the gate (./heldApi.ts). Three starts, each a real order booked for the path:
 * `fresh` (To Inspect, no price: the status and a price), `owing` (a price accepted and not paid:
 * shipping asks a second time, naming what is outstanding; office payments) and `refund` (paid at
 * the office and cancelled: an office refund due). A success is the server's (its words in the
 * toast and the notice; the order loads again); a refusal the gate answering with the server's
 * words (409 when the order changed meanwhile, 422 at a field); a failure a dropped connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, formatNaira, type StaffOrderDetail } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import type { Values } from '../../src/machines/formFields';
import {
  emptyForms,
  staffOrderActionsMachine,
  type Form,
} from '../../src/machines/staffOrderActionsMachine';
import { formatDay } from '../../src/ui/tracking/format';
import { get, inDays, post, type Customer } from '../support/api';
import { acceptedOrder } from '../support/payments';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import type { TestServer } from '../support/server';
import { bookDelivery } from '../support/shipments';
import { field, toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

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

type Start = 'fresh' | 'owing' | 'refund';
/** The graph's inputs name the order a path starts with (the page's reference is the real one). */
const starts: { reference: Start }[] = [
  { reference: 'fresh' },
  { reference: 'owing' },
  { reference: 'refund' },
];
/** The forms each order offers: a price only before one is accepted, money only once one is. */
const formsOf: Record<Start, Form[]> = {
  fresh: ['status', 'offer'],
  owing: ['status', 'payment'],
  refund: ['refund'],
};
const PRICE = 18_500_000;
/** What the page says is outstanding when staff ask to move the status. */
const outstandingOf: Record<Start, number> = { fresh: 0, owing: PRICE, refund: 0 };

const FINAL = 'This order is Delivered: nothing more can change.';
const final = new ApiError([FINAL], {}, 409);
const offline = new ApiError([GENERIC_ERROR]);
const TOO_MUCH = 'The amount is more than the ₦185,000.00 outstanding.';
const tooMuch = new ApiError([TOO_MUCH], { amount: [TOO_MUCH] }, 422);
/** The body the server answers a refusal with (the amount's field is `amount_kobo` on the wire). */
const bodyOf = (error: ApiError) => ({
  message: error.messages[0],
  ...(Object.keys(error.fields).length && {
    errors: Object.fromEntries(
      Object.entries(error.fields).map(([name, messages]) => [
        name === 'amount' ? 'amount_kobo' : name,
        messages,
      ]),
    ),
  }),
});
/** The calls of the forms (the order's own loads pass the gate). */
const ACTION = /\/staff\/orders\/[^/]+\/(status|offer|payments|refunds\/)/;
const labels: Record<Form, Record<string, string>> = {
  status: { status: 'New status' },
  offer: { amount: 'Amount in naira', valid_until: 'Valid until' },
  payment: {
    amount: 'Amount in naira',
    method: 'Method',
    reference: 'Your reference',
    paid_on: 'Day received',
  },
  refund: { reference: 'Reference of your transfer' },
};
const yes: Record<Form, string> = {
  status: 'Yes, move it',
  offer: 'Yes, send it',
  payment: 'Yes, record it',
  refund: 'Yes, it is refunded',
};
const busyLabels: Record<Form, string> = {
  status: 'Moving...',
  offer: 'Sending...',
  payment: 'Recording...',
  refund: 'Saving...',
};

const main = () => within(screen.getByRole('main'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data as StaffOrderDetail;

/** Where a form's fields are on the page. */
function formArea(form: Form) {
  switch (form) {
    case 'status':
      return within(main().getByRole('region', { name: 'Move the status' }));
    case 'offer':
      return within(main().getByRole('region', { name: 'Send a price' }));
    case 'payment':
      return within(main().getByRole('form', { name: 'Record a payment' }));
    case 'refund':
      return within(main().getByRole('form', { name: /^Mark the refund of/ }));
  }
}

async function open(path: GraphPath) {
  const start = (inputOf(path) as { reference: Start }).reference;
  let reference: string;
  if (start === 'fresh') reference = await bookDelivery(server, customer.token);
  else {
    reference = await acceptedOrder(server, customer, staff, PRICE);
    if (start === 'refund') {
      // Paid at the office, then cancelled: the money is owed back through the office.
      const paid = {
        amount_kobo: PRICE,
        method: 'cash',
        reference: 'CASH-001',
        paid_on: inDays(0),
      };
      expect(
        (await post(server, `staff/orders/${reference}/payments`, paid, staff.token)).status,
      ).toBe(200);
      const cancel = { status: 'Cancelled', confirm_accepted: true };
      expect(
        (await post(server, `staff/orders/${reference}/status`, cancel, staff.token)).status,
      ).toBe(200);
    }
  }
  const [refund] = (await staffOrder(reference)).refunds;
  const app = renderApp(`/staff/orders/${reference}`, {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByRole('heading', { level: 2, name: 'Payments' }, { timeout: 10_000 });
  return {
    ...app,
    start,
    reference,
    refund,
    /** The server's words for the last action that succeeded (the notice). */
    notice: '',
    /** Whether a call is held at the gate (let go after the path). */
    held: false,
  };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject) {
  const click = (name: string) => page.user.click(main().getByRole('button', { name }));
  switch (event.type) {
    case 'field.change': {
      const { form, name, value } = event as unknown as { form: Form; name: string; value: string };
      if (name === 'refund_id') return click('Mark refunded');
      const input = field(labels[form][name]!, formArea(form));
      if (input.tagName === 'SELECT') return page.user.selectOptions(input, value);
      await page.user.clear(input);
      if (value) await page.user.type(input, value);
      return;
    }
    case 'status.submit':
      return click('Move status');
    case 'offer.submit':
      return click('Send price');
    case 'payment.submit':
      return click('Record payment');
    case 'refund.submit':
      return page.user.click(formArea('refund').getByRole('button', { name: 'Mark refunded' }));
    case 'confirm':
      // A confirm that sends is held until the path says how it ends (shipping unpaid asks again first).
      api.hold(ACTION);
      return page.user.click(within(main().getByRole('group')).getAllByRole('button')[0]!);
    case 'back':
      return click('Back');
  }
  const { error } = event as unknown as { error?: ApiError };
  if (!error) return api.release();
  return error === offline ? api.fail() : api.answer(error.status!, bodyOf(error));
}

/** The server's words for the last action, above the forms (the page's other statuses are its loads). */
const noticeOf = () =>
  main()
    .getAllByRole('status')
    .find((element) => element.classList.contains('staff-notice'))!;

const formOfState = (state: AnyMachineSnapshot) =>
  (['status', 'offer', 'payment', 'refund'] as Form[]).find((form) => state.matches(form));

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { forms, errors, messages } = expected.context as {
    forms: Record<Form, Values>;
    errors: Record<Form, Record<string, string[]>>;
    messages: string[];
  };
  page.held = expected.hasTag('busy');
  const answer = /^xstate\.(done|error)\.actor\./.exec(event.type);
  if (answer?.[1] === 'done') {
    await waitFor(() => expect(noticeOf().textContent).not.toBe(''), { timeout: 5000 });
    page.notice = noticeOf().textContent!;
    const said: Record<string, RegExp> = {
      'xstate.done.actor.moveStatus': /^Status set to Shipped; the customer was mailed\.$/,
      'xstate.done.actor.sendOffer': /^Offer of ₦185,000\.00 sent; the customer was mailed\.$/,
      'xstate.done.actor.recordPayment':
        /^₦100,000\.00 recorded as receipt \S+; the customer was mailed\.$/,
      'xstate.done.actor.markRefunded': /^Refund marked paid; the customer was mailed\.$/,
    };
    expect(page.notice).toMatch(said[event.type]!);
    await toast(page.notice);
  } else if (
    answer ||
    (/\.submit$/.test(event.type) && messages.length && expected.matches('idle'))
  )
    for (const message of messages) await toast(message);
  const form = formOfState(expected);
  await waitFor(
    () => {
      expect(noticeOf().textContent).toBe(page.notice);
      const groups = main().queryAllByRole('group');
      if (!form) {
        expect(groups).toEqual([]);
        for (const shown of formsOf[page.start]) {
          if (shown === 'refund') {
            if (!forms.refund.refund_id) {
              expect(main().queryByRole('form', { name: /^Mark the refund of/ })).toBeNull();
              if (!page.notice)
                expect(main().getByRole('button', { name: 'Mark refunded' })).toBeEnabled();
              continue;
            }
          }
          // After a success the order moved on: a form that is gone (shipped and paid) is not looked for.
          if (page.notice && shown !== 'offer') continue;
          for (const [name, label] of Object.entries(labels[shown])) {
            const input = field(label, formArea(shown));
            expect(input).toHaveValue(forms[shown][name] ?? '');
            const said = errors[shown][name];
            if (said) expect(input).toHaveAccessibleDescription(new RegExp(escape(said.join(' '))));
            else expect(input).not.toHaveAttribute('aria-invalid');
          }
        }
        return;
      }
      expect(groups).toHaveLength(1);
      const group = groups[0]!;
      const unpaid = expected.matches({ status: 'confirmingUnpaid' });
      const sending = expected.hasTag('busy');
      const question: Record<Form, string> = {
        status: `Move ${page.reference} to Shipped? The customer is mailed.`,
        offer: `Send ${page.reference} an offer of ₦185,000.00, valid through ${formatDay(forms.offer.valid_until ?? '')}? The customer is mailed.`,
        payment: `Record ₦100,000.00 received by cash on ${forms.payment.paid_on}, reference ${forms.payment.reference}, for ${page.reference}? A receipt is mailed to the customer.`,
        refund: `Mark ${formatNaira(page.refund?.amount_kobo ?? 0)} refunded to Ada Obi, reference ${forms.refund.reference}? The customer is mailed.`,
      };
      expect(group).toHaveTextContent(
        unpaid
          ? `${formatNaira(PRICE)} of the price of ${page.reference} is not paid. Move it to Shipped anyway? The history records that you did.`
          : question[form],
      );
      const send = within(group).getByRole('button', {
        name: sending ? busyLabels[form] : unpaid ? 'Yes, ship it unpaid' : yes[form],
      });
      const back = within(group).getByRole('button', { name: 'Back' });
      if (sending) {
        expect(send).toBeDisabled();
        expect(back).toBeDisabled();
      } else {
        expect(send).toBeEnabled();
        expect(back).toBeEnabled();
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/staff/orders/:reference actions', {
  machine: staffOrderActionsMachine,
  input: starts[0]!,
  inputs: starts,
  events: [
    { type: 'field.change', form: 'status', name: 'status', value: 'Shipped' },
    { type: 'status.submit', outstandingKobo: 0 },
    { type: 'status.submit', outstandingKobo: PRICE },
    { type: 'field.change', form: 'payment', name: 'amount', value: '100,000' },
    { type: 'field.change', form: 'payment', name: 'method', value: 'cash' },
    { type: 'field.change', form: 'payment', name: 'reference', value: 'CASH-0042' },
    { type: 'field.change', form: 'payment', name: 'paid_on', value: inDays(0) },
    { type: 'field.change', form: 'refund', name: 'refund_id', value: '7' },
    { type: 'field.change', form: 'refund', name: 'reference', value: 'TRF-991' },
    { type: 'field.change', form: 'offer', name: 'amount', value: '185,000' },
    { type: 'field.change', form: 'offer', name: 'amount', value: '12' },
    { type: 'field.change', form: 'offer', name: 'valid_until', value: inDays(7) },
    {
      type: 'xstate.done.actor.moveStatus',
      output: 'Status set to Shipped; the customer was mailed.',
    },
    { type: 'xstate.error.actor.moveStatus', error: final },
    { type: 'xstate.error.actor.moveStatus', error: offline },
    {
      type: 'xstate.done.actor.sendOffer',
      output: 'Offer of ₦185,000.00 sent; the customer was mailed.',
    },
    { type: 'xstate.error.actor.sendOffer', error: offline },
    { type: 'xstate.error.actor.sendOffer', error: final },
    {
      type: 'xstate.done.actor.recordPayment',
      output: '₦100,000.00 recorded as receipt RCT-2026-000001; the customer was mailed.',
    },
    { type: 'xstate.error.actor.recordPayment', error: tooMuch },
    { type: 'xstate.error.actor.recordPayment', error: final },
    {
      type: 'xstate.done.actor.markRefunded',
      output: 'Refund marked paid; the customer was mailed.',
    },
    { type: 'xstate.error.actor.markRefunded', error: offline },
    { type: 'xstate.error.actor.markRefunded', error: final },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      start: snapshot.context.reference,
      forms: Object.entries(snapshot.context.forms as Record<Form, Values>).map(
        ([form, values]) => [
          Object.keys(values).filter((name) => values[name] !== ''),
          Object.keys(snapshot.context.errors[form as Form]).length > 0,
        ],
      ),
      amount: snapshot.context.forms.offer.amount,
      notice: snapshot.context.notice !== null,
    }),
  // The forms the path's order shows, one at a time, each field typed into only when it changes;
  // nothing after a success (the order moved on).
  offered: (event, state) => {
    const { reference, forms, errors, notice } = state.context as {
      reference: Start;
      forms: Record<Form, Values>;
      errors: Record<Form, object>;
      notice: string | null;
    };
    if (notice !== null) return false;
    const submitted = /^(status|offer|payment|refund)\.submit$/.exec(event.type)?.[1] as
      Form | undefined;
    if (event.type !== 'field.change' && !submitted) return true;
    const form = submitted ?? (event as unknown as { form: Form }).form;
    if (!formsOf[reference].includes(form)) return false;
    if (
      event.type === 'status.submit' &&
      (event as unknown as { outstandingKobo: number }).outstandingKobo !== outstandingOf[reference]
    )
      return false;
    const pristine = emptyForms();
    const untouched = (other: Form) =>
      JSON.stringify(forms[other]) === JSON.stringify(pristine[other]) &&
      Object.keys(errors[other]).length === 0;
    if (!(Object.keys(forms) as Form[]).every((other) => other === form || untouched(other)))
      return false;
    // A refund's form opens with its "Mark refunded" button.
    if (form === 'refund') {
      const chosen = forms.refund.refund_id !== '';
      return (event as unknown as { name?: string }).name === 'refund_id' ? !chosen : chosen;
    }
    if (submitted) return true;
    const { name, value } = event as unknown as { name: string; value: string };
    return forms[form][name] !== value;
  },
  limit: 30,
  afterCoverage: 0,
  shows: {
    'staffOrderActions.idle':
      "the forms of the order (Move the status, Send a price, Record a payment, Mark refunded) holding what was typed, each field's message under it; the server's words for the last success",
    'staffOrderActions.status.confirming':
      '"Move <reference> to Shipped? The customer is mailed.", "Yes, move it" and "Back"',
    'staffOrderActions.status.confirmingUnpaid':
      '"<outstanding> of the price of <reference> is not paid. Move it to Shipped anyway? …", "Yes, ship it unpaid" and "Back"',
    'staffOrderActions.status.sending': '"Moving..." and "Back" disabled',
    'staffOrderActions.offer.confirming':
      '"Send <reference> an offer of <amount>, valid through <day>? …", "Yes, send it" and "Back"',
    'staffOrderActions.offer.sending': '"Sending..." and "Back" disabled',
    'staffOrderActions.payment.confirming':
      '"Record <amount> received by cash on <day>, reference <theirs>, for <reference>? …", "Yes, record it" and "Back"',
    'staffOrderActions.payment.sending': '"Recording..." and "Back" disabled',
    'staffOrderActions.refund.confirming':
      '"Mark <amount> refunded to <customer>, reference <theirs>? …", "Yes, it is refunded" and "Back"',
    'staffOrderActions.refund.sending': '"Saving..." and "Back" disabled',
  },
  open,
  perform,
  check,
  cleanup: async (page) => {
    if (page.held) await api.release();
    api.releaseAll();
  },
});
