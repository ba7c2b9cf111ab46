/**
 * The customer's own changes to an order: cancel it (a reason is asked; a paid order until it
 * is Shipped) or, while it is To Inspect, move its dates under the booking's date rules (not in
 * the past; delivery not before pickup; moving not before inspection), checked with the
 * contract's schema before sending. Cancelling an order that was paid for first shows what
 * cancelling now keeps as a fee and refunds (docs/using-the-site.md, "Paying for an order"), and
 * asks again. What the customer typed stays when a step is left or a call fails. The cancel names
 * the accepted price the page showed (`offerId`): when the customer accepted a price meanwhile (in
 * another tab), the server answers 409 with the order as it is now, and the flow takes its fee,
 * refund and accepted price, says why, and asks again. The calls (`cancel`, `reschedule`), the
 * toasts and `changed` (the page loads the order again) are provided by the view.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { z } from 'zod/mini';
import {
  acceptedOfferIdOf,
  cancelOrderRequest,
  rescheduleDeliveryRequest,
  rescheduleQuoteRequest,
  type Cancellation,
  type OfferConflictBody,
  type OrderDetail,
} from '../api/contract/orders';
import { isApiError } from '../api/errors';
import { withoutErrorsOf, type Errors, type Values } from './formFields';
import {
  checkThen,
  failureThen,
  lifecycleActions,
  lifecycleGuards,
  showFeedbackOfError,
  toastMessages,
} from './submitLifecycle';

/** A delivery moves its pickup and delivery dates, a quote its inspection and moving dates. */
export type OrderKind = 'delivery' | 'quote';
const dateRules: Record<OrderKind, z.ZodMiniType> = {
  delivery: rescheduleDeliveryRequest,
  quote: rescheduleQuoteRequest,
};

export interface OrderChangesInput {
  reference: string;
  kind: OrderKind;
  /** The order's dates as the reschedule call names them ('' when none), to start from. */
  dates: Values;
  /** What cancelling now would cost and give back, as the server worked it out; null when nothing was paid. */
  cancellation: Cancellation | null;
  /** The accepted offer the page shows, which the cancel names; null (or left out) when none. */
  offerId?: number | null;
}

/** What cancelling `order` now keeps and gives back, when money was paid; null when nothing was. */
export function paidCancellation(order: Pick<OrderDetail, 'cancellation'>): Cancellation | null {
  const { cancellation } = order;
  return cancellation && cancellation.fee_kobo + cancellation.refund_kobo > 0 ? cancellation : null;
}

/** The order a refused cancel carries (the client kept the 409's body), while it can still be cancelled. */
function orderNow(error: unknown): OrderDetail | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const order = (error.current as OfferConflictBody | null)?.order;
  return order && order.status === 'ToInspect' ? order : null;
}

type OrderChangesContext = OrderChangesInput & {
  offerId: number | null;
  /** Why the last cancel was refused with the order as it is now, shown above the fee and refund. */
  notice: string | null;
  reason: string;
  errors: Errors;
  messages: string[];
};

export const orderChangesMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as OrderChangesContext,
    input: {} as OrderChangesInput,
    events: {} as
      | { type: 'cancel.start' }
      | { type: 'reschedule.start' }
      | { type: 'reason.change'; value: string }
      | { type: 'date.change'; name: string; value: string }
      | { type: 'confirm' }
      | { type: 'back' },
  },
  actors: {
    cancel: providedByView<unknown, { reference: string; reason: string; offerId: number | null }>(
      'cancel',
    ),
    reschedule: providedByView<unknown, { reference: string; dates: Values }>('reschedule'),
  },
  actions: {
    ...lifecycleActions,
    notifySuccess: (_, _params: { message: string }) => {},
    changed: () => {},
    /** The order as the refused cancel found it: its fee and refund now, and its accepted price. */
    takeOrderNow: assign(({ context, event }) => {
      const order = orderNow((event as { error?: unknown }).error);
      return order
        ? {
            cancellation: paidCancellation(order),
            offerId: acceptedOfferIdOf(order),
            notice: ((event as { error?: unknown }).error as Error).message,
          }
        : { cancellation: context.cancellation, offerId: context.offerId ?? null };
    }),
  },
  guards: {
    ...lifecycleGuards,
    changedMeanwhile: ({ event }) => orderNow((event as { error?: unknown }).error) !== null,
    involvesMoney: ({ context }) =>
      context.cancellation !== null &&
      context.cancellation.fee_kobo + context.cancellation.refund_kobo > 0,
  },
}).createMachine({
  id: 'orderChanges',
  context: ({ input }) => ({
    ...input,
    offerId: input.offerId ?? null,
    notice: null,
    reason: '',
    errors: {},
    messages: [],
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cancel.start': 'cancelling',
        'reschedule.start': 'rescheduling',
      },
    },
    cancelling: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'reason.change': {
              actions: assign({ reason: ({ event }) => event.value, errors: {} }),
            },
            confirm: checkThen(
              'weighing',
              (context: OrderChangesContext) => ({
                schema: cancelOrderRequest,
                value: { reason: context.reason },
              }),
              'hasReason',
            ),
            back: { target: '#orderChanges.idle', actions: assign({ errors: {} }) },
          },
        },
        // A paid order: the fee and the refund are shown, and the customer confirms once more.
        weighing: {
          always: [{ guard: 'involvesMoney', target: 'reviewing' }, { target: 'sending' }],
        },
        reviewing: {
          on: { confirm: 'sending', back: 'editing' },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'cancel',
            src: 'cancel',
            input: ({ context }) => ({
              reference: context.reference,
              reason: context.reason.trim(),
              offerId: context.offerId ?? null,
            }),
            onDone: {
              target: '#orderChanges.cancelled',
              actions: [
                { type: 'notifySuccess', params: { message: 'Your order is cancelled.' } },
                'changed',
              ],
            },
            onError: [
              // A price accepted meanwhile: its fee and refund are shown, and the customer asks again.
              {
                guard: 'changedMeanwhile',
                target: 'editing',
                actions: ['takeOrderNow', showFeedbackOfError, toastMessages, 'changed'],
              },
              failureThen('editing'),
            ],
          },
        },
      },
    },
    rescheduling: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'date.change': {
              actions: assign(({ context, event }) => ({
                dates: { ...context.dates, [event.name]: event.value },
                errors: withoutErrorsOf(context.errors, event.name),
              })),
            },
            confirm: checkThen(
              'sending',
              (context: OrderChangesContext) => ({
                schema: dateRules[context.kind],
                value: context.dates,
              }),
              'datesValid',
            ),
            back: { target: '#orderChanges.idle', actions: assign({ errors: {} }) },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'reschedule',
            src: 'reschedule',
            input: ({ context }) => ({ reference: context.reference, dates: context.dates }),
            onDone: {
              target: '#orderChanges.idle',
              actions: [
                { type: 'notifySuccess', params: { message: 'Your dates are changed.' } },
                'changed',
              ],
            },
            onError: failureThen('editing'),
          },
        },
      },
    },
    cancelled: { type: 'final' },
  },
});
