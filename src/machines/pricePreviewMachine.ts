/**
 * The price a booking form shows while it is filled (docs/prices.md): the published tariff is
 * loaded once (`loadTariff`, supplied by the page: one fetch, cached), then every change of the
 * form's places, home and services is priced at once by the shared price function. Without the
 * tariff (the call failed) the form still books, and the price comes from our team as before.
 *
 * The tariff (and the API client that fetches it) is loaded when the customer starts on the page
 * (`customer.active`: a first touch, key or scroll), not as the page opens: a visitor who only
 * reads pays nothing for it, and it has arrived long before two places can be chosen
 * (docs/decisions/price-preview-on-first-touch.md). A form opened with a place already chosen
 * loads it at once.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { PublishedTariff } from '../api/contract/prices';
import { priceOf, type Price, type PriceRequest } from '../api/pricing';

export interface PricePreviewContext {
  tariff: PublishedTariff | null;
  request: PriceRequest;
  price: Price;
}

export type PricePreviewEvent =
  { type: 'order.change'; request: PriceRequest } | { type: 'customer.active' } | { type: 'retry' };

const PLACE = /_(?:state|lga)$/;

/** Whether the form names any place (bulk deliveries' receivers included). */
function namesPlace(request: PriceRequest): boolean {
  const receivers = 'receiver_details' in request ? request.receiver_details : [];
  return (
    Object.entries(request).some(([name, value]) => PLACE.test(name) && Boolean(value)) ||
    receivers.some((receiver) => Boolean(receiver.state || receiver.lga))
  );
}

const INCOMPLETE: Price = { kind: 'incomplete' };

export const pricePreviewMachine = setup({
  types: {
    context: {} as PricePreviewContext,
    events: {} as PricePreviewEvent,
    input: {} as { request: PriceRequest },
    tags: {} as 'busy' | 'unavailable' | 'ready' | 'priced',
  },
  actors: {
    loadTariff: providedByView<PublishedTariff>('loadTariff'),
  },
  actions: {
    keepRequest: assign({ request: (_, request: PriceRequest) => request }),
    price: assign({
      price: ({ context }) =>
        context.tariff ? priceOf(context.tariff, context.request) : INCOMPLETE,
    }),
  },
  guards: {
    placeChosen: ({ context }) => namesPlace(context.request),
    priced: ({ context }) => context.price.kind === 'price' || context.price.kind === 'estimate',
    onRequest: ({ context }) => context.price.kind === 'on_request',
  },
}).createMachine({
  id: 'pricePreview',
  context: ({ input }) => ({ tariff: null, request: input.request, price: INCOMPLETE }),
  initial: 'waitingForCustomer',
  on: {
    'order.change': {
      target: '.deciding',
      actions: [{ type: 'keepRequest', params: ({ event }) => event.request }, 'price'],
    },
  },
  states: {
    waitingForCustomer: {
      tags: ['ready'],
      always: { guard: 'placeChosen', target: 'loadingTariff' },
      on: {
        'customer.active': 'loadingTariff',
        // Typing starts with a touch or a key (customer.active); a place chosen loads at once.
        'order.change': { actions: { type: 'keepRequest', params: ({ event }) => event.request } },
      },
    },
    loadingTariff: {
      tags: ['busy'],
      on: {
        'order.change': { actions: { type: 'keepRequest', params: ({ event }) => event.request } },
      },
      invoke: {
        id: 'loadTariff',
        src: 'loadTariff',
        onDone: {
          target: 'deciding',
          actions: [assign({ tariff: ({ event }) => event.output }), 'price'],
        },
        onError: 'tariffUnavailable',
      },
    },
    tariffUnavailable: {
      tags: ['unavailable'],
      on: {
        'order.change': { actions: { type: 'keepRequest', params: ({ event }) => event.request } },
        retry: 'loadingTariff',
      },
    },
    deciding: {
      always: [
        { guard: 'priced', target: 'priced' },
        { guard: 'onRequest', target: 'onRequest' },
        { target: 'waitingForPlaces' },
      ],
    },
    waitingForPlaces: { tags: ['ready'] },
    priced: { tags: ['ready', 'priced'] },
    onRequest: { tags: ['ready'] },
  },
});
