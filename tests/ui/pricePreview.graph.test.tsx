/**
 * The price beside a booking form (README "Prices"), on Deliver Now (/express-delivery): the
 * paths of pricePreviewMachine's graph through the form's place fields. The customer picks a
 * state and types an LGA as a keyboard user does; other typing (an address) also reaches the
 * preview. The published tariff comes from the real server behind the gate (./heldApi.ts): held
 * to see "Loading prices…", dropped on every try of the GET to see it unavailable. The graph's
 * tariff is the one the server publishes on first start, so the machine's price is the page's.
 *
 * The page keeps the tariff for the whole visit (src/ui/prices/publishedTariff.ts): each path
 * loads the app afresh (vi.resetModules), as a new visit would.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, formatNaira, type PublishedTariff } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import type { Price, PriceRequest } from '../../src/api/pricing';
import { pricePreviewMachine } from '../../src/machines/pricePreviewMachine';
import { defaultTariff } from '../../server/money/default-tariff';
import { publishedPlaces } from '../../server/money/places';
import { signUp, type Customer } from '../api/helpers';
import { startTestServer, type TestServer } from '../support/server';
import { field } from './delivery-support';
import { sessionOf } from './formGraphView';
import { graphViewSuite } from './graphView';
import { startHeldApi, type HeldApi } from './heldApi';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let customer: Customer;
beforeAll(async () => {
  server = await startTestServer();
  api = await startHeldApi(server.apiUrl);
  customer = await signUp(server);
});
afterAll(async () => {
  await api.close();
  await server.close();
});

/** What GET prices/tariff answers on a server's first start. */
const tariff: PublishedTariff = { ...defaultTariff, version: 1, places: publishedPlaces };
const offline = new ApiError([GENERIC_ERROR]);
const noPlaces: PriceRequest = { service_type: 'instant_delivery' };
/** Ikeja to Eti-Osa: a zone pair with a price. */
const priced: PriceRequest = {
  ...noPlaces,
  pickup_state: 'Lagos',
  pickup_lga: 'Ikeja',
  delivery_state: 'Lagos',
  delivery_lga: 'Eti-Osa',
};
/** Ikeja to Uyo: outside every zone, so on request. */
const onRequest: PriceRequest = { ...priced, delivery_state: 'Akwa Ibom', delivery_lga: 'Uyo' };
const WAITING = 'Choose the pickup and delivery state and LGA to see the price.';

const preview = () => within(screen.getByRole('region', { name: 'Price' })).getByRole('status');
const valueOf = (label: string) => (field(label) as HTMLInputElement).value;

async function open() {
  // A new visit: the app's modules, and with them the tariff the page keeps, load again.
  vi.resetModules();
  const { renderApp } = await import('./render');
  // The tariff's load starts as the form opens: the gate holds it so the page is seen loading.
  api.hold();
  const app = renderApp('/express-delivery', {
    apiUrl: api.apiUrl,
    session: sessionOf(customer),
  });
  await screen.findByRole('heading', { level: 1, name: 'Deliver Now' }, { timeout: 10_000 });
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

/** Picks the place's state and types its LGA, each only when it is not already so. */
async function choosePlace(page: Page, label: string, state: string, lga: string) {
  if (valueOf(`${label} state`) !== state)
    await page.user.selectOptions(field(`${label} state`), state);
  if (valueOf(`${label} LGA`) === lga) return;
  await page.user.clear(field(`${label} LGA`));
  await page.user.type(field(`${label} LGA`), lga);
}

async function perform(page: Page, event: EventObject) {
  switch (event.type) {
    case 'order.change': {
      const { request } = event as unknown as { request: Record<string, string> };
      if (request.delivery_lga) {
        await choosePlace(page, 'Pickup', request.pickup_state!, request.pickup_lga!);
        return choosePlace(page, 'Delivery', request.delivery_state!, request.delivery_lga!);
      }
      // No place to price: the delivery LGA is taken out, or (none chosen) the address typed.
      if (valueOf('Delivery LGA')) return page.user.clear(field('Delivery LGA'));
      return page.user.type(field('Pick up Address'), '12 Admiralty Way');
    }
    case 'retry':
      api.hold();
      return page.user.click(within(preview()).getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.loadTariff':
      return api.release();
    case 'xstate.error.actor.loadTariff':
      // A GET is tried three times (src/api/client.ts): the network stays down for all of them.
      for (const last of [false, false, true]) {
        await api.fail();
        if (!last) api.hold();
      }
      return;
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot) {
  const { price } = expected.context as { price: Price };
  await waitFor(
    () => {
      // The places to choose from come with the tariff.
      const loaded = expected.context.tariff !== null;
      const states = field('Pickup state');
      expect(states).toHaveDisplayValue(
        valueOf('Pickup state') || (loaded ? 'Choose a state…' : 'Loading states…'),
      );
      if (loaded) expect(within(states).getByRole('option', { name: 'Akwa Ibom' })).toBeVisible();
      if (expected.matches('loadingTariff')) {
        expect(preview()).toHaveTextContent(/^Loading prices…$/);
      } else if (expected.matches('tariffUnavailable')) {
        expect(preview()).toHaveTextContent(
          'Prices are unavailable right now; you can still book and our team will send you the price. Try again',
        );
        expect(within(preview()).getByRole('button', { name: 'Try again' })).toBeEnabled();
      } else if (expected.matches('waitingForPlaces')) {
        expect(preview()).toHaveTextContent(WAITING);
      } else if (expected.matches('onRequest')) {
        expect(preview()).toHaveTextContent(
          'Price on request: book as usual and our team will send you the price.',
        );
      } else {
        expect(price.kind).toBe('price');
        expect(preview().textContent!.trim()).toBe(
          formatNaira((price as { amount_kobo: number }).amount_kobo),
        );
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/express-delivery price', {
  machine: pricePreviewMachine,
  input: { request: noPlaces },
  events: [
    { type: 'xstate.done.actor.loadTariff', output: tariff },
    { type: 'xstate.error.actor.loadTariff', error: offline },
    { type: 'order.change', request: priced },
    { type: 'order.change', request: onRequest },
    { type: 'order.change', request: noPlaces },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      loaded: snapshot.context.tariff !== null,
      price: snapshot.context.price.kind,
    }),
  // Places can be chosen once the tariff brings them; before, only other fields change.
  offered: (event, state) =>
    event.type !== 'order.change' ||
    state.context.tariff !== null ||
    !(event as unknown as { request: PriceRequest & { delivery_lga?: string } }).request
      .delivery_lga,
  limit: 8,
  afterCoverage: 0,
  shows: {
    'pricePreview.loadingTariff': '"Loading prices…", the state lists say "Loading states…"',
    'pricePreview.tariffUnavailable':
      '"Prices are unavailable right now; you can still book and our team will send you the price." and "Try again"',
    'pricePreview.deciding': 'nothing of its own: it decides at once',
    'pricePreview.waitingForPlaces': `"${WAITING}", the states to choose from`,
    'pricePreview.priced': "the price in naira (the route's, plus Deliver Now's surcharge)",
    'pricePreview.onRequest':
      '"Price on request: book as usual and our team will send you the price."',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
