/**
 * The price a booking form shows while it is filled (README "Prices"): the published tariff is
 * loaded once (`loadTariff`, supplied by the page: one fetch, cached), then every change of the
 * form's places, home and services is priced at once by the shared price function. Without the
 * tariff (the call failed) the form still books, and the price comes from our team as before.
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

export type PricePreviewEvent = { type: 'order.change'; request: PriceRequest } | { type: 'retry' };

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
    priced: ({ context }) => context.price.kind === 'price' || context.price.kind === 'estimate',
    onRequest: ({ context }) => context.price.kind === 'on_request',
  },
}).createMachine({
  id: 'pricePreview',
  context: ({ input }) => ({ tariff: null, request: input.request, price: INCOMPLETE }),
  initial: 'loadingTariff',
  on: {
    'order.change': {
      target: '.deciding',
      actions: [{ type: 'keepRequest', params: ({ event }) => event.request }, 'price'],
    },
  },
  states: {
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
