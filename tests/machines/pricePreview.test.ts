import { expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PublishedTariff } from '../../src/api/contract';
import { pricePreviewMachine } from '../../src/machines/pricePreviewMachine';
import { ApiError } from '../../src/api/errors';
import { previewTariff } from '../support/fixtures/tariffs';
import { graphSuite } from '../support/graph/graph';

const tariff = previewTariff;

const empty = { service_type: 'instant_delivery' as const };
const ikejaToEtiOsa = {
  ...empty,
  pickup_state: 'Lagos',
  pickup_lga: 'Ikeja',
  delivery_state: 'Lagos',
  delivery_lga: 'Eti-Osa',
};
const withinLekki = {
  ...empty,
  pickup_state: 'Lagos',
  pickup_lga: 'Eti-Osa',
  delivery_state: 'Lagos',
  delivery_lga: 'Eti-Osa',
};

const studioMove = {
  service_type: 'local_service' as const,
  moving_from_state: 'Lagos',
  moving_from_lga: 'Ikeja',
  moving_to_state: 'Lagos',
  moving_to_lga: 'Eti-Osa',
  moving_from_apartment_type: 'Studio',
  number_of_room_moving_from: '2',
  aptFloor: '1',
  Services: 'packing_and_loading',
};

/** What the preview shows for each form, worked out by hand from the tariff above. */
const previewOf = new Map<object, { state: string; price: unknown }>([
  [empty, { state: 'waitingForPlaces', price: { kind: 'incomplete' } }],
  // Mainland → Lekki ₦4,500 plus Deliver Now's ₦1,500.
  [ikejaToEtiOsa, { state: 'priced', price: { kind: 'price', version: 3, amount_kobo: 600_000 } }],
  [withinLekki, { state: 'onRequest', price: { kind: 'on_request', version: 3 } }],
  // A move: ₦4,500 × 20 for the trip, ₦60,000 for a studio, 2 rooms at ₦25,000, one floor at
  // ₦7,500, packing ₦40,000: ₦247,500, shown from 90 % to 110 %.
  [
    studioMove,
    {
      state: 'priced',
      price: { kind: 'estimate', version: 3, low_kobo: 22_275_000, high_kobo: 27_225_000 },
    },
  ],
]);

graphSuite('pricePreview', {
  machine: pricePreviewMachine,
  input: { request: empty },
  events: [
    { type: 'customer.active' },
    { type: 'xstate.done.actor.loadTariff', output: tariff },
    {
      type: 'xstate.error.actor.loadTariff',
      error: new ApiError(['An error occurred. Please try again.']),
    },
    { type: 'order.change', request: ikejaToEtiOsa },
    { type: 'order.change', request: withinLekki },
    { type: 'order.change', request: studioMove },
    { type: 'order.change', request: empty },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      price: snapshot.context.price,
      loaded: snapshot.context.tariff !== null,
      request: snapshot.context.request,
    }),
  // Waiting for the customer's first move, loading the tariff, without it (the booking goes on),
  // and with it: waiting for places, a price, on request.
  states: {
    waitingForCustomer: ['ready'],
    loadingTariff: ['busy'],
    tariffUnavailable: ['unavailable'],
    waitingForPlaces: ['ready'],
    priced: ['ready', 'priced'],
    onRequest: ['ready'],
  },
  check: (actual, _expected, event, before) => {
    const { tariff: loaded, request, price } = actual.context;
    if (event.type === 'order.change')
      expect(request).toEqual((event as unknown as { request: unknown }).request);
    else expect(request).toEqual(before.context.request);
    if (event.type === 'xstate.done.actor.loadTariff') expect(loaded).toEqual(tariff);
    if (loaded === null) {
      // No tariff, no figure: the form says neither a price nor "on request".
      expect(price).toEqual({ kind: 'incomplete' });
      const unavailable =
        event.type === 'xstate.error.actor.loadTariff' ||
        (before.matches('tariffUnavailable') && event.type !== 'retry');
      // Nothing is fetched before the customer's first move, or a place chosen.
      const waiting =
        before.matches('waitingForCustomer') &&
        event.type !== 'customer.active' &&
        (event.type !== 'order.change' || request === empty);
      expect(actual.value).toBe(
        unavailable ? 'tariffUnavailable' : waiting ? 'waitingForCustomer' : 'loadingTariff',
      );
      return;
    }
    const shown = previewOf.get(request)!;
    expect(price).toEqual(shown.price);
    expect(actual.value).toBe(shown.state);
  },
});

const started = (load: () => Promise<PublishedTariff>) =>
  createActor(pricePreviewMachine.provide({ actors: { loadTariff: fromPromise(load) } }), {
    input: { request: empty },
  }).start();

const settled = (actor: ReturnType<typeof started>) =>
  new Promise<void>((resolve) =>
    actor.subscribe((snapshot) => !snapshot.hasTag('busy') && resolve()),
  );

it('prices what was typed while the tariff loaded, then every change at once', async () => {
  const actor = started(async () => tariff);
  actor.send({ type: 'order.change', request: ikejaToEtiOsa });
  await settled(actor);
  expect(actor.getSnapshot().value).toBe('priced');
  expect(actor.getSnapshot().context.price).toEqual({
    kind: 'price',
    version: 3,
    amount_kobo: 600_000,
  });
  actor.send({ type: 'order.change', request: withinLekki });
  expect(actor.getSnapshot().value).toBe('onRequest');
  actor.send({ type: 'order.change', request: { ...ikejaToEtiOsa, delivery_lga: '' } });
  expect(actor.getSnapshot().value).toBe('waitingForPlaces');
});

it('fetches nothing until the customer moves or a place is chosen', async () => {
  let loads = 0;
  const load = async () => {
    loads += 1;
    return tariff;
  };
  const actor = started(load);
  actor.send({ type: 'order.change', request: { ...empty } });
  expect(actor.getSnapshot().value).toBe('waitingForCustomer');
  expect(loads).toBe(0);
  actor.send({ type: 'customer.active' });
  await settled(actor);
  expect(loads).toBe(1);
  expect(actor.getSnapshot().value).toBe('waitingForPlaces');
  // A form opened with its places already chosen (the page came back to it) loads at once.
  const reopened = createActor(
    pricePreviewMachine.provide({ actors: { loadTariff: fromPromise(load) } }),
    { input: { request: ikejaToEtiOsa } },
  ).start();
  expect(reopened.getSnapshot().value).toBe('loadingTariff');
  await settled(reopened);
  expect(reopened.getSnapshot().value).toBe('priced');
});

it('without the tariff, keeps the form going and loads again on retry', async () => {
  let fail = true;
  const actor = started(async () => {
    if (fail) throw new Error('offline');
    return tariff;
  });
  actor.send({ type: 'customer.active' });
  await settled(actor);
  expect(actor.getSnapshot().value).toBe('tariffUnavailable');
  actor.send({ type: 'order.change', request: ikejaToEtiOsa });
  fail = false;
  actor.send({ type: 'retry' });
  await settled(actor);
  expect(actor.getSnapshot().value).toBe('priced');
});
