/**
 * What staff do on an order's page (/staff/orders/:reference; the order itself loads with
 * staffOrderPageMachine): move its status (with an optional note), send a price offer (amount in
 * naira, note, valid-until), record money received at the office (amount in naira, bank
 * transfer or cash, their reference, the day it came; docs/operations.md, "Payments for staff") and
 * mark an office refund paid back (their reference). Each is checked with the contract's rules,
 * then confirmed, then sent. Moving an order to Shipped while part of its price is not paid asks a
 * second time, naming the amount outstanding, and only then says `confirm_unpaid`; the server's answer is shown (`notice`) and the page loads the order again (`changed`),
 * also after a 409: the order changed meanwhile (the customer accepted a price, or cancelled),
 * and staff decide again on the order as it is now.
 * What staff typed stays through a refused check, a step back and a failed call; field
 * messages go under the fields and every message is also a toast. The calls (`moveStatus`,
 * `sendOffer`) and the toasts are provided by the view.
 */
import { assertEvent, assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { z } from 'zod/mini';
import {
  officePaymentRequest,
  offerRequest,
  refundDoneRequest,
  setStatusRequest,
  nairaAmount,
  nairaTyped,
} from '../api/contract/staff';
import { isApiError } from '../api/errors';
import { feedbackOf, problemsOf, withoutErrorsOf, type Errors, type Values } from './formFields';
import { passes, toastMessages } from './submitLifecycle';

/** The offer as staff type it: the amount in naira ("185,000"), turned into kobo on sending. */
export const offerForm = z.extend(z.omit(offerRequest, { amount_kobo: true }), {
  amount: nairaAmount,
});
const statusForm = setStatusRequest;
/** Money received at the office as staff type it: the amount in naira, turned into kobo on sending. */
export const paymentForm = z.extend(z.omit(officePaymentRequest, { amount_kobo: true }), {
  amount: nairaTyped(officePaymentRequest.shape.amount_kobo),
});
/** An office refund paid back: which refund (the button pressed), and staff's reference. */
export const refundForm = z.extend(refundDoneRequest, {
  refund_id: z.string().check(z.minLength(1, 'Choose the refund that was paid.')),
});

export type Form = 'status' | 'offer' | 'payment' | 'refund';
/** Each form's rules, checked before staff are asked to confirm. */
export const formSchemas: Record<Form, z.ZodMiniType> = {
  status: statusForm,
  offer: offerForm,
  payment: paymentForm,
  refund: refundForm,
};

export const emptyForms = (): Record<Form, Values> => ({
  status: { status: '', note: '' },
  offer: { amount: '', note: '', valid_until: '' },
  payment: { amount: '', method: '', reference: '', paid_on: '' },
  refund: { refund_id: '', reference: '' },
});
const noErrors = (): Record<Form, Errors> => ({ status: {}, offer: {}, payment: {}, refund: {} });

/** Moving to Shipped with part of the price not paid: staff confirm it a second time. */
const shipsUnpaid = (context: { forms: Record<Form, Values>; outstandingKobo: number }) =>
  context.forms.status.status === 'Shipped' && context.outstandingKobo > 0;

const machine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as {
      reference: string;
      forms: Record<Form, Values>;
      errors: Record<Form, Errors>;
      /** What the last action did, in the server's words. */
      notice: string | null;
      /** Kobo of the price not yet paid, as the page showed it when staff asked to move the status. */
      outstandingKobo: number;
      messages: string[];
    },
    input: {} as { reference: string },
    events: {} as
      | { type: 'field.change'; form: Form; name: string; value: string }
      | { type: 'status.submit'; outstandingKobo: number }
      | { type: 'offer.submit' }
      | { type: 'payment.submit' }
      | { type: 'refund.submit' }
      | { type: 'confirm' }
      | { type: 'back' },
  },
  actors: {
    moveStatus: providedByView<
      string,
      { reference: string; values: Values; confirmUnpaid: boolean }
    >('moveStatus'),
    recordPayment: providedByView<string, { reference: string; values: Values }>('recordPayment'),
    markRefunded: providedByView<string, { reference: string; values: Values }>('markRefunded'),
    sendOffer: providedByView<string, { reference: string; values: Values }>('sendOffer'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    changed: () => {},
    check: assign(({ context }, params: { form: Form }) => {
      const { errors, messages } = problemsOf(formSchemas[params.form], context.forms[params.form]);
      return { errors: { ...context.errors, [params.form]: errors }, messages, notice: null };
    }),
    rememberFailure: assign(({ context }, params: { form: Form; error: unknown }) => {
      const { errors, messages } = feedbackOf(params.error);
      return { errors: { ...context.errors, [params.form]: errors }, messages };
    }),
    /** What the page showed as outstanding when staff asked to move the status. */
    noteOutstanding: assign(({ event }) => {
      assertEvent(event, 'status.submit');
      return { outstandingKobo: event.outstandingKobo };
    }),
    succeed: assign(({ context }, params: { form: Form; notice: string }) => ({
      forms: { ...context.forms, [params.form]: emptyForms()[params.form] },
      errors: { ...context.errors, [params.form]: {} },
      notice: params.notice,
      messages: [],
    })),
  },
  guards: {
    isConflict: ({ event }) => {
      const { error } = event as { error?: unknown };
      return isApiError(error) && error.status === 409;
    },
    isValid: ({ context }, params: { form: Form }) =>
      passes({ schema: formSchemas[params.form], value: context.forms[params.form] }),
    shipsUnpaid: ({ context }) => shipsUnpaid(context),
  },
});

/**
 * The form's submit: checked (its messages, or none), then on to confirming when it passes.
 * The two forms keep their messages apart, so the check is this file's own `check`.
 */
const submitOf = (form: Form, first: 'noteOutstanding'[] = []) => [
  {
    guard: { type: 'isValid' as const, params: { form } },
    target: form,
    meta: { guard: `${form}Valid` },
    actions: [...first, { type: 'check' as const, params: { form } }],
  },
  { actions: [...first, { type: 'check' as const, params: { form } }, toastMessages] },
];

/**
 * "Move RL-… to Shipped?" or "Send RL-… an offer of ₦185,000.00, valid through …?" with Confirm
 * and Back; then the call, and back to the page either way with the server's answer.
 */
const confirmThenSend = (
  form: Exclude<Form, 'status'>,
  src: 'sendOffer' | 'recordPayment' | 'markRefunded',
) =>
  machine.createStateConfig({
    initial: 'confirming',
    states: {
      confirming: {
        on: { confirm: 'sending', back: '#staffOrderActions.idle' },
      },
      sending: {
        tags: ['busy'],
        invoke: {
          id: src,
          src,
          input: ({ context }) => ({ reference: context.reference, values: context.forms[form] }),
          ...answered(form),
        },
      },
    },
  });

/**
 * The status move: confirmed, and confirmed once more naming the amount outstanding when it ships
 * an order not fully paid; `confirmUnpaid` tells the server staff saw it.
 */
const statusMove = machine.createStateConfig({
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        confirm: [{ guard: 'shipsUnpaid', target: 'confirmingUnpaid' }, { target: 'sending' }],
        back: '#staffOrderActions.idle',
      },
    },
    confirmingUnpaid: {
      on: { confirm: 'sending', back: '#staffOrderActions.idle' },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'moveStatus',
        src: 'moveStatus',
        input: ({ context }) => ({
          reference: context.reference,
          values: context.forms.status,
          confirmUnpaid: shipsUnpaid(context),
        }),
        ...answered('status'),
      },
    },
  },
});

/** After the call, back to the page either way with the server's answer; after a 409, the order is loaded again. */
function answered(form: Form) {
  return {
    onDone: {
      target: '#staffOrderActions.idle',
      actions: [
        { type: 'succeed' as const, params: ({ event }: Done) => ({ form, notice: event.output }) },
        {
          type: 'notifySuccess' as const,
          params: ({ event }: Done) => ({ message: event.output }),
        },
        'changed' as const,
      ],
    },
    onError: [
      {
        guard: 'isConflict' as const,
        target: '#staffOrderActions.idle',
        actions: [
          {
            type: 'rememberFailure' as const,
            params: ({ event }: Failed) => ({ form, error: event.error }),
          },
          toastMessages,
          'changed' as const,
        ],
      },
      {
        target: '#staffOrderActions.idle',
        actions: [
          {
            type: 'rememberFailure' as const,
            params: ({ event }: Failed) => ({ form, error: event.error }),
          },
          toastMessages,
        ],
      },
    ],
  };
}
type Done = { event: { output: string } };
type Failed = { event: { error: unknown } };

export const staffOrderActionsMachine = machine.createMachine({
  id: 'staffOrderActions',
  context: ({ input }) => ({
    reference: input.reference,
    forms: emptyForms(),
    errors: noErrors(),
    notice: null,
    outstandingKobo: 0,
    messages: [],
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            forms: {
              ...context.forms,
              [event.form]: { ...context.forms[event.form], [event.name]: event.value },
            },
            errors: {
              ...context.errors,
              [event.form]: withoutErrorsOf(context.errors[event.form], event.name),
            },
          })),
        },
        'status.submit': submitOf('status', ['noteOutstanding']),
        'offer.submit': submitOf('offer'),
        'payment.submit': submitOf('payment'),
        'refund.submit': submitOf('refund'),
      },
    },
    status: statusMove,
    offer: confirmThenSend('offer', 'sendOffer'),
    payment: confirmThenSend('payment', 'recordPayment'),
    refund: confirmThenSend('refund', 'markRefunded'),
  },
});
