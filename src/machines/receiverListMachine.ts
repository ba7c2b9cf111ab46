/**
 * The receivers of a bulk delivery (docs/product.md): "Add Receiver's Details" opens the
 * dialog, Save adds the receiver or replaces the one being edited, a card's delete removes it by
 * position, and the dialog is cleared after Save. At most `max` receivers (MAX_RECEIVERS).
 * The last receiver deleted can be put back where it was (`receiver.undo`, issue 35) until the
 * list changes otherwise.
 *
 * Runs as a child of bulkDeliveryMachine: after every change of the list it tells its parent
 * (`changed`, a `receivers.changed` event), which sends the list with the booking.
 */
import { assign, sendParent, setup } from 'xstate';
import { fieldErrors } from '../api/contract/rules';
import { receiver, type Receiver } from '../api/contract/deliveries';
import { MAX_RECEIVERS } from '../api/contract/rules';

export type ReceiverField = keyof Receiver;
export type ReceiverErrors = Partial<Record<ReceiverField, string[]>>;

export const emptyReceiver: Receiver = {
  address: '',
  state: '',
  lga: '',
  landmark: '',
  name: '',
  phone: '',
  date: '',
};

export interface ReceiverListInput {
  receivers?: Receiver[];
  /** How many receivers one booking takes; MAX_RECEIVERS unless a test wants a smaller list. */
  max?: number;
}

export type ReceiverListEvent =
  | { type: 'receiver.add' }
  | { type: 'receiver.edit'; index: number }
  | { type: 'receiver.delete'; index: number }
  | { type: 'receiver.undo' }
  | { type: 'receiver.change'; name: ReceiverField; value: string }
  | { type: 'receiver.save' }
  | { type: 'receiver.cancel' };

/** What the list tells its parent after each change. */
export type ReceiversChangedEvent = { type: 'receivers.changed'; receivers: Receiver[] };

const isPosition = (receivers: Receiver[], index: unknown) =>
  typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < receivers.length;

const cleared = { entry: emptyReceiver, errors: {}, editing: null };

export const receiverListMachine = setup({
  types: {
    context: {} as {
      receivers: Receiver[];
      /** What the dialog shows: a new receiver, or a copy of the one being edited. */
      entry: Receiver;
      errors: ReceiverErrors;
      /** The position of the receiver being edited; null while adding or closed. */
      editing: number | null;
      max: number;
      /** The receiver last deleted and its position, while Undo can put it back. */
      deleted: { receiver: Receiver; index: number } | null;
    },
    input: {} as ReceiverListInput,
    events: {} as ReceiverListEvent,
  },
  actions: {
    changed: sendParent(({ context }): ReceiversChangedEvent => ({
      type: 'receivers.changed',
      receivers: context.receivers,
    })),
    notifyErrors: (_, _params: { messages: string[] }) => {},
  },
  guards: {
    hasRoom: ({ context }) => context.receivers.length < context.max,
    isReceiver: ({ context, event }) =>
      'index' in event && isPosition(context.receivers, event.index),
    entryIsValid: ({ context }) => receiver.safeParse(context.entry).success,
    canUndo: ({ context }) => context.deleted !== null && context.receivers.length < context.max,
  },
}).createMachine({
  id: 'receiverList',
  context: ({ input }) => ({
    receivers: (input.receivers ?? []).slice(0, input.max ?? MAX_RECEIVERS),
    ...cleared,
    max: input.max ?? MAX_RECEIVERS,
    deleted: null,
  }),
  initial: 'listing',
  states: {
    listing: {
      on: {
        'receiver.add': { guard: 'hasRoom', target: 'dialog.adding' },
        'receiver.edit': {
          guard: 'isReceiver',
          target: 'dialog.editing',
          actions: assign(({ context, event }) => ({
            entry: context.receivers[event.index]!,
            editing: event.index,
            errors: {},
          })),
        },
        'receiver.delete': {
          guard: 'isReceiver',
          actions: [
            assign({
              deleted: ({ context, event }) => ({
                receiver: context.receivers[event.index]!,
                index: event.index,
              }),
              receivers: ({ context, event }) =>
                context.receivers.filter((_, index) => index !== event.index),
            }),
            'changed',
          ],
        },
        'receiver.undo': {
          guard: 'canUndo',
          actions: [
            assign(({ context }) => {
              const { receiver: back, index } = context.deleted!;
              const receivers = [...context.receivers];
              receivers.splice(index, 0, back);
              return { receivers, deleted: null };
            }),
            'changed',
          ],
        },
      },
    },
    dialog: {
      on: {
        'receiver.change': {
          actions: assign(({ context, event }) => {
            // As in every form: a field's message clears when the user types in it.
            const { [event.name]: _cleared, ...errors } = context.errors;
            return { entry: { ...context.entry, [event.name]: event.value }, errors };
          }),
        },
        // Reached when the child state's Save is refused: say why, under the fields and as toasts.
        'receiver.save': {
          actions: [
            assign({
              errors: ({ context }) => {
                const parsed = receiver.safeParse(context.entry);
                return parsed.success ? {} : (fieldErrors(parsed.error) as ReceiverErrors);
              },
            }),
            {
              type: 'notifyErrors',
              params: ({ context }) => ({
                messages: [...new Set(Object.values(context.errors).flat())],
              }),
            },
          ],
        },
      },
      initial: 'adding',
      states: {
        adding: {
          on: {
            'receiver.save': {
              guard: 'entryIsValid',
              target: '#receiverList.listing',
              actions: [
                assign(({ context }) => ({
                  receivers: [...context.receivers, context.entry],
                  ...cleared,
                  // Positions changed meaning: Undo no longer knows where the deleted one was.
                  deleted: null,
                })),
                'changed',
              ],
            },
            // Closing keeps a half-typed new receiver for the next "Add": nothing typed is lost.
            'receiver.cancel': { target: '#receiverList.listing', actions: assign({ errors: {} }) },
          },
        },
        editing: {
          on: {
            'receiver.save': {
              guard: 'entryIsValid',
              target: '#receiverList.listing',
              actions: [
                assign(({ context }) => ({
                  receivers: context.receivers.map((entry, index) =>
                    index === context.editing ? context.entry : entry,
                  ),
                  ...cleared,
                  deleted: null,
                })),
                'changed',
              ],
            },
            // The card still holds the saved receiver; the unsaved copy is dropped.
            'receiver.cancel': { target: '#receiverList.listing', actions: assign(cleared) },
          },
        },
      },
    },
  },
});
