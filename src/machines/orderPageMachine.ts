/**
 * The customer's order page (/orders/:reference): loads the order (owner only; another
 * customer's reference is "not found"), shows it, and loads it again after the customer acted
 * on it (`reload`, sent by the offer and change flows) while the shown order stays on screen.
 * The call (`loadOrder`) and the toasts are provided by the view. The owner's page and the
 * staff's page read the order in their own shape, and a receipt's page (/orders/:reference/receipts/:number)
 * loads one receipt of the order the same way, so each has its machine from one factory.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { OrderDetail, Receipt } from '../api/contract/orders';
import type { StaffOrderDetail } from '../api/contract/staff';
import { isApiError, messagesOf } from '../api/errors';

const isNotFound = ({ event }: { event: unknown }) => {
  const { error } = event as { error?: unknown };
  return isApiError(error) && error.status === 404;
};

function createOrderPageMachine<TOrder>(id: string) {
  return setup({
    types: {
      tags: {} as 'busy',
      context: {} as { reference: string; order: TOrder | null; messages: string[] },
      input: {} as { reference: string },
      events: {} as { type: 'reload' } | { type: 'retry' },
    },
    actors: {
      loadOrder: providedByView<TOrder, string>('loadOrder'),
    },
    actions: {
      notifyErrors: (_, _params: { messages: string[] }) => {},
    },
    guards: { isNotFound },
  }).createMachine({
    id,
    context: ({ input }) => ({ reference: input.reference, order: null, messages: [] }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadOrder',
          src: 'loadOrder',
          input: ({ context }) => context.reference,
          onDone: {
            target: 'showing',
            actions: assign({ order: ({ event }) => event.output, messages: [] }),
          },
          onError: [
            { guard: 'isNotFound', target: 'notFound' },
            {
              target: 'failed',
              actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
            },
          ],
        },
      },
      showing: {
        initial: 'current',
        states: {
          current: { on: { reload: 'reloading' } },
          reloading: {
            tags: ['busy'],
            invoke: {
              id: 'reloadOrder',
              src: 'loadOrder',
              input: ({ context }) => context.reference,
              onDone: {
                target: 'current',
                actions: assign({ order: ({ event }) => event.output, messages: [] }),
              },
              onError: {
                target: 'current',
                actions: [
                  assign({ messages: ({ event }) => messagesOf(event.error) }),
                  {
                    type: 'notifyErrors',
                    params: ({ context }) => ({ messages: context.messages }),
                  },
                ],
              },
            },
          },
        },
      },
      notFound: {},
      failed: { on: { retry: 'loading' } },
    },
  });
}

/** An order page's machine for orders read as `TOrder`. */
export type OrderPageMachine<TOrder> = ReturnType<typeof createOrderPageMachine<TOrder>>;

/** The owner's page (/orders/:reference). */
export const orderPageMachine = createOrderPageMachine<OrderDetail>('orderPage');
/** The staff's page (/staff/orders/:reference). */
export const staffOrderPageMachine = createOrderPageMachine<StaffOrderDetail>('staffOrderPage');
/** The printable receipt (/orders/:reference/receipts/:number), for the owner and for staff. */
export const receiptPageMachine = createOrderPageMachine<Receipt>('receiptPage');
