/**
 * The price beside a booking form (docs/prices.md), on Deliver Now (/express-delivery) and on
 * the three-step quote (/get-quote, a move's estimate once its home and rooms are chosen): the
 * paths of pricePreviewMachine's graph through each form's place fields, from before the
 * customer's first move (nothing fetched yet). The customer picks a
 * state and types an LGA as a keyboard user does; other typing (an address) also reaches the
 * preview. The published tariff comes from the real server behind the gate (./heldApi.ts): held
 * to see "Loading prices…", dropped on every try of the GET to see it unavailable. The graph's
 * tariff is the one the server publishes on first start, so the machine's price is the page's.
 *
 * The page keeps the tariff for the whole visit (src/ui/prices/publishedTariff.ts): each path
 * loads the app afresh (vi.resetModules), as a new visit would.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  GENERIC_ERROR,
  formatNaira,
  formatRange,
  type PublishedTariff,
} from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import type { Price, PriceRequest } from '../../src/api/pricing';
import { pricePreviewMachine } from '../../src/machines/pricePreviewMachine';
import { defaultTariff } from '../../server/money/default-tariff';
import { publishedPlaces } from '../../server/money/places';
import type { Customer } from '../support/api';
import { field } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: HeldApi;
let customer: Customer;
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ api, customer } = held);
});
afterAll(() => held.close());

/** What GET prices/tariff answers on a server's first start. */
const tariff: PublishedTariff = { ...defaultTariff, version: 1, places: publishedPlaces };
const offline = new ApiError([GENERIC_ERROR]);
/** Ikeja to Eti-Osa: a zone pair with a price. Ikeja to Uyo: outside every zone, so on request. */
const ikeja = { state: 'Lagos', lga: 'Ikeja' };
const etiOsa = { state: 'Lagos', lga: 'Eti-Osa' };
const uyo = { state: 'Akwa Ibom', lga: 'Uyo' };

/** One form with the preview: where it is, and how its places are named and labelled. */
interface PreviewForm {
  name: string;
  path: string;
  title: string;
  /** The request with no place chosen: what the form holds once `prepare` has run. */
  noPlaces: PriceRequest;
  /** The wire's names of the two places' state and LGA, and the labels their fields start with. */
  places: { from: [string, string, string]; to: [string, string, string] };
  /** The field typed in when the path changes something other than a place. */
  otherField: string;
  waiting: string;
  /** What the form needs besides the places to give a figure (a move's home and rooms). */
  prepare?: (page: Page) => Promise<unknown>;
}

const preview = () => within(screen.getByRole('region', { name: 'Price' })).getByRole('status');
const valueOf = (label: string) => (field(label) as HTMLInputElement).value;

async function open(form: PreviewForm) {
  // A new visit: the app's modules, and with them the tariff the page keeps, load again.
  vi.resetModules();
  const { renderApp } = await import('../support/view/render');
  // The tariff's load starts on the customer's first move: the gate holds it so the page is seen
  // loading.
  api.hold();
  const app = renderApp(form.path, { apiUrl: api.apiUrl, session: sessionOf(customer) });
  await screen.findByRole('heading', { level: 1, name: form.title }, { timeout: 10_000 });
  await form.prepare?.(app);
  return app;
}
type Page = ReturnType<Awaited<typeof import('../support/view/render')>['renderApp']>;

/** Picks the place's state and types its LGA, each only when it is not already so. */
async function choosePlace(page: Page, label: string, state: string, lga: string) {
  if (valueOf(`${label} state`) !== state)
    await page.user.selectOptions(field(`${label} state`), state);
  if (valueOf(`${label} LGA`) === lga) return;
  await page.user.clear(field(`${label} LGA`));
  await page.user.type(field(`${label} LGA`), lga);
}

const perform = (form: PreviewForm) => async (page: Page, event: EventObject) => {
  const { from, to } = form.places;
  switch (event.type) {
    case 'customer.active':
      // A first touch anywhere on the page, here on its heading.
      return page.user.click(screen.getByRole('heading', { level: 1, name: form.title }));
    case 'order.change': {
      const { request } = event as unknown as { request: Record<string, string> };
      if (request[to[1]]) {
        await choosePlace(page, from[2], request[from[0]]!, request[from[1]]!);
        return choosePlace(page, to[2], request[to[0]]!, request[to[1]]!);
      }
      // No place to price: the destination's LGA is taken out, or (none chosen) something else typed.
      if (valueOf(`${to[2]} LGA`)) return page.user.clear(field(`${to[2]} LGA`));
      return page.user.type(field(form.otherField), '12 Admiralty Way');
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
};

/** The figure as the page writes it: a delivery's price, or a move's estimate as a range. */
function figureOf(price: Price) {
  if (price.kind === 'price') return formatNaira(price.amount_kobo);
  if (price.kind === 'estimate')
    return `${formatRange(price.low_kobo, price.high_kobo)}, final price after inspection`;
  throw new Error(`no figure for ${price.kind}`);
}

const check = (form: PreviewForm) => async (_page: Page, expected: AnyMachineSnapshot) => {
  const { price } = expected.context as { price: Price };
  await waitFor(
    () => {
      // The places to choose from come with the tariff.
      const loaded = expected.context.tariff !== null;
      const states = field(`${form.places.from[2]} state`);
      expect(states).toHaveDisplayValue(
        (states as HTMLSelectElement).value || (loaded ? 'Choose a state…' : 'Loading states…'),
      );
      if (loaded) expect(within(states).getByRole('option', { name: 'Akwa Ibom' })).toBeVisible();
      if (expected.matches('loadingTariff')) {
        expect(preview()).toHaveTextContent(/^Loading prices…$/);
      } else if (expected.matches('tariffUnavailable')) {
        expect(preview()).toHaveTextContent(
          'Prices are unavailable right now; you can still book and our team will send you the price. Try again',
        );
        expect(within(preview()).getByRole('button', { name: 'Try again' })).toBeEnabled();
      } else if (expected.matches('waitingForCustomer') || expected.matches('waitingForPlaces')) {
        expect(preview()).toHaveTextContent(form.waiting);
      } else if (expected.matches('onRequest')) {
        expect(preview()).toHaveTextContent(
          'Price on request: book as usual and our team will send you the price.',
        );
      } else {
        expect(preview().textContent!.trim()).toBe(figureOf(price));
      }
    },
    { timeout: 5000 },
  );
};

function previewSuite(form: PreviewForm) {
  const { from, to } = form.places;
  const placed = (a: typeof ikeja, b: typeof ikeja) =>
    ({
      ...form.noPlaces,
      [from[0]]: a.state,
      [from[1]]: a.lga,
      [to[0]]: b.state,
      [to[1]]: b.lga,
    }) as PriceRequest;
  graphViewSuite(form.name, {
    machine: pricePreviewMachine,
    input: { request: form.noPlaces },
    events: [
      { type: 'customer.active' },
      { type: 'xstate.done.actor.loadTariff', output: tariff },
      { type: 'xstate.error.actor.loadTariff', error: offline },
      { type: 'order.change', request: placed(ikeja, etiOsa) },
      { type: 'order.change', request: placed(ikeja, uyo) },
      { type: 'order.change', request: form.noPlaces },
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        loaded: snapshot.context.tariff !== null,
        price: snapshot.context.price.kind,
      }),
    // Before the customer's first move nothing loads, and any typing is a first move. Places can
    // be chosen once the tariff brings them; before, only other fields change.
    offered: (event, state) =>
      state.matches('waitingForCustomer')
        ? event.type === 'customer.active'
        : event.type !== 'order.change' ||
          state.context.tariff !== null ||
          !(event as unknown as { request: Record<string, string> }).request[to[1]],
    limit: 8,
    afterCoverage: 0,
    // Covered by the machine's own graph (tests/machines/pricePreview.test.ts): on the page, any
    // typing starts with a touch or a key, and the forms open with no place chosen.
    unreachable: {
      'pricePreview.waitingForCustomer --order.change--> (stay)':
        'typing is a first move: the tariff loads before the change',
      'pricePreview.waitingForCustomer --always [placeChosen]--> pricePreview.loadingTariff':
        'the forms open with no place chosen',
    },
    shows: {
      'pricePreview.waitingForCustomer': `"${form.waiting}", the state lists say "Loading states…"`,
      'pricePreview.loadingTariff': '"Loading prices…", the state lists say "Loading states…"',
      'pricePreview.tariffUnavailable':
        '"Prices are unavailable right now; you can still book and our team will send you the price." and "Try again"',
      'pricePreview.deciding': 'nothing of its own: it decides at once',
      'pricePreview.waitingForPlaces': `"${form.waiting}", the states to choose from`,
      'pricePreview.priced':
        "a delivery's price in naira (with Deliver Now's surcharge), or a move's range and \", final price after inspection\"",
      'pricePreview.onRequest':
        '"Price on request: book as usual and our team will send you the price."',
    },
    open: () => open(form),
    perform: perform(form),
    check: check(form),
    cleanup: () => api.releaseAll(),
  });
}

previewSuite({
  name: '/express-delivery price',
  path: '/express-delivery',
  title: 'Deliver Now',
  noPlaces: { service_type: 'instant_delivery' },
  places: {
    from: ['pickup_state', 'pickup_lga', 'Pickup'],
    to: ['delivery_state', 'delivery_lga', 'Delivery'],
  },
  otherField: 'Pick up Address',
  waiting: 'Choose the pickup and delivery state and LGA to see the price.',
});

previewSuite({
  name: '/get-quote estimate',
  path: '/get-quote',
  title: 'Get A Quote',
  noPlaces: {
    service_type: 'state_service',
    moving_from_apartment_type: 'Studio',
    number_of_room_moving_from: '2',
    aptFloor: 'Ground',
  } as PriceRequest,
  places: {
    from: ['moving_from_state', 'moving_from_lga', 'Current home'],
    to: ['moving_to_state', 'moving_to_lga', 'Destination'],
  },
  otherField: 'Current address',
  waiting: 'Choose where you move from and to (state and LGA) and your rooms to see an estimate.',
  // A move's estimate needs the home and its rooms: chosen first, as the form asks for them beside
  // the places. Set without a touch or a key, so the path starts before the customer's first move.
  prepare: async () => {
    fireEvent.change(field('Current apartment type'), { target: { value: 'Studio' } });
    fireEvent.change(field('Rooms at your current home'), { target: { value: '2' } });
    fireEvent.change(field('Current apartment floor'), { target: { value: 'Ground' } });
    await waitFor(() => expect(field('Current apartment floor')).toHaveValue('Ground'));
  },
});
