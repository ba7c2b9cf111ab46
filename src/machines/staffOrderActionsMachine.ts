/**
 * What staff do on an order's page (/staff/orders/:reference; the order itself loads with
 * orderPageMachine): move its status (with an optional note) and send a price offer (amount in
 * naira, note, valid-until). Each is checked with the contract's rules, then confirmed, then
 * sent; the server's answer is shown (`notice`) and the page loads the order again (`changed`),
 * also after a 409: the order changed meanwhile (the customer accepted a price, or cancelled),
 * and staff decide again on the order as it is now.
 * What staff typed stays through a refused check, a step back and a failed call; field
 * messages go under the fields and every message is also a toast. The calls (`moveStatus`,
 * `sendOffer`) and the toasts are provided by the view.
 */
import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod/mini';
import { nairaAmount, offerRequest, setStatusRequest } from '../api/contract';
import { isApiError } from '../api/errors';
import { feedbackOf, problemsOf, withoutErrorsOf, type Errors, type Values } from './formFields';
import { passes, toastMessages } from './submitLifecycle';

/** The offer as staff type it: the amount in naira ("185,000"), turned into kobo on sending. */
export const offerForm = z.extend(z.omit(offerRequest, { amount_kobo: true }), { amount: nairaAmount });
const statusForm = setStatusRequest;

type Form = 'status' | 'offer';
const schemas: Record<Form, z.ZodMiniType> = { status: statusForm, offer: offerForm };

export const emptyForms = (): Record<Form, Values> => ({
  status: { status: '', note: '' },
  offer: { amount: '', note: '', valid_until: '' },
});

const machine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as {
      reference: string;
      forms: Record<Form, Values>;
      errors: Record<Form, Errors>;
      /** What the last action did, in the server's words. */
      notice: string | null;
      messages: string[];
    },
    input: {} as { reference: string },
    events: {} as
      | { type: 'field.change'; form: Form; name: string; value: string }
      | { type: 'status.submit' }
      | { type: 'offer.submit' }
      | { type: 'confirm' }
      | { type: 'back' },
  },
  actors: {
    moveStatus: fromPromise<string, { reference: string; values: Values }>(async () => {
      throw new Error('moveStatus is provided by the view');
    }),
    sendOffer: fromPromise<string, { reference: string; values: Values }>(async () => {
      throw new Error('sendOffer is provided by the view');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    changed: () => {},
    check: assign(({ context }, params: { form: Form }) => {
      const { errors, messages } = problemsOf(schemas[params.form], context.forms[params.form]);
      return { errors: { ...context.errors, [params.form]: errors }, messages, notice: null };
    }),
    rememberFailure: assign(({ context }, params: { form: Form; error: unknown }) => {
      const { errors, messages } = feedbackOf(params.error);
      return { errors: { ...context.errors, [params.form]: errors }, messages };
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
    isValid: ({ context }, params: { form: Form }) => passes({ schema: schemas[params.form], value: context.forms[params.form] }),
  },
});

/**
 * The form's submit: checked (its messages, or none), then on to confirming when it passes.
 * The two forms keep their messages apart, so the check is this file's own `check`.
 */
const submitOf = (form: Form) => [
  { guard: { type: 'isValid' as const, params: { form } }, target: form, meta: { guard: `${form}Valid` }, actions: { type: 'check' as const, params: { form } } },
  { actions: [{ type: 'check' as const, params: { form } }, toastMessages] },
];

/**
 * "Move RL-… to Shipped?" or "Send RL-… an offer of ₦185,000.00, valid through …?" with Confirm
 * and Back; then the call, and back to the page either way with the server's answer.
 */
const confirmThenSend = (form: Form, src: 'moveStatus' | 'sendOffer') =>
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
          onDone: {
            target: '#staffOrderActions.idle',
            actions: [
              { type: 'succeed', params: ({ event }) => ({ form, notice: event.output }) },
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output }) },
              'changed',
            ],
          },
          onError: [
            {
              guard: 'isConflict',
              target: '#staffOrderActions.idle',
              actions: [{ type: 'rememberFailure', params: ({ event }) => ({ form, error: event.error }) }, toastMessages, 'changed'],
            },
            {
              target: '#staffOrderActions.idle',
              actions: [{ type: 'rememberFailure', params: ({ event }) => ({ form, error: event.error }) }, toastMessages],
            },
          ],
        },
      },
    },
  });

export const staffOrderActionsMachine = machine.createMachine({
  id: 'staffOrderActions',
  context: ({ input }) => ({
    reference: input.reference,
    forms: emptyForms(),
    errors: { status: {}, offer: {} },
    notice: null,
    messages: [],
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            forms: { ...context.forms, [event.form]: { ...context.forms[event.form], [event.name]: event.value } },
            errors: { ...context.errors, [event.form]: withoutErrorsOf(context.errors[event.form], event.name) },
          })),
        },
        'status.submit': submitOf('status'),
        'offer.submit': submitOf('offer'),
      },
    },
    status: confirmThenSend('status', 'moveStatus'),
    offer: confirmThenSend('offer', 'sendOffer'),
  },
});
