/**
 * The private tracking page `/t/<token>` (src/ui/trackLink, without React): the paths of
 * trackLinkMachine's graph (loading, the order, an unknown or void link, a failed load and Try
 * again) and of optOutMachine's (Stop texts, its confirmation, a failure and Try again, a number
 * that had opted out before) through the page drawn in jsdom, clicking its buttons. The calls go
 * through the gate (./heldApi.ts), which answers them with the contract's shapes (the server's
 * half of issue 36 is built beside this one: once merged, the answers can come from it) or drops
 * them as a failing network would (a GET three times: the client tries it again twice).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { GENERIC_ERROR } from '../../src/api/contract';
import { messageCalls, type TrackLinkView } from '../../src/api/contract/messages';
import { ApiError } from '../../src/api/errors';
import { optOutMachine } from '../../src/machines/optOutMachine';
import { trackLinkMachine } from '../../src/machines/trackLinkMachine';
import { startTrackLinkPage } from '../../src/ui/trackLink/page';
import { unreachable } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import { startHeldApi, type HeldApi } from '../support/view/heldApi';

vi.setConfig({ testTimeout: 30_000 });

let api: HeldApi;
beforeAll(async () => {
  // Nothing behind the gate: every call is answered or dropped there.
  api = await startHeldApi(unreachable);
  vi.stubEnv('VITE_API_BASE_URL', api.apiUrl);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const token = 'k3Jx9QeVb0yWm2Rt7Lp4Hg';
const TRACK_LINK = /\/track-links\/k3Jx9QeVb0yWm2Rt7Lp4Hg$/;
const OPT_OUT = /\/track-links\/k3Jx9QeVb0yWm2Rt7Lp4Hg\/opt-out$/;
const phone = '+234 *** *** 4567';
const photo = '/uploads/proof/7f3a.jpg?expires=1796000000&signature=ab12';
/** A bulk delivery on its day: the crew is coming, one drop-off handed over, the other waiting. */
const view: TrackLinkView = {
  reference_number: 'RL-ABCDEFGH23',
  service_type: 'bulk_delivery',
  status: 'Shipped',
  audience: 'customer',
  date: '2026-12-03',
  history: [
    { status: 'ToInspect', date: '2026-11-20T09:00:00.000Z' },
    { status: 'Shipped', date: '2026-11-20T11:30:00.000Z' },
  ],
  stops: [
    { kind: 'pickup', place: 'Ikeja', name: null, state: 'done', proof: null },
    {
      kind: 'dropoff',
      place: 'Yaba',
      name: 'Tunde',
      state: 'done',
      proof: {
        delivered_at: '2026-11-20T12:05:00.000Z',
        with_code: false,
        receiver_name: 'Tunde Bakare',
        photos: [photo],
      },
    },
    { kind: 'dropoff', place: 'Lekki', name: 'Ngozi', state: 'on_the_way', proof: null },
  ],
  phone_masked: phone,
  opted_out: false,
  expires_at: null,
  crew: {
    first_name: 'Ada',
    photo_url: null,
    vehicle: 'van',
    plate: 'KJA-555-AA',
    phone: '+2348031234567',
    date: '2026-12-03',
    window_start: '09:00',
    window_end: '11:00',
  },
};
const offline = new ApiError([GENERIC_ERROR]);
const unknown = new ApiError(['Not found'], {}, 404);
const expired = new ApiError(['This link has expired.'], {}, 410);

interface Page {
  user: UserEvent;
  main: HTMLElement;
}

const main = () => within(screen.getByRole('main'));
const heading = () => main().getByRole('heading', { level: 1 });
const texts = () => within(main().getByRole('region', { name: 'Texts about this order' }));

/** A fresh page for `/t/<token>`; its first call held until the path answers it. */
function openPage(): Page {
  document.body.replaceChildren();
  const element = document.createElement('main');
  element.id = 'main';
  document.body.append(element);
  api.hold(TRACK_LINK);
  startTrackLinkPage(element, token);
  return { user: userEvent.setup(), main: element };
}

async function dropGet() {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0) api.hold(TRACK_LINK);
    await api.fail();
  }
}

graphViewSuite('/t/<token>', {
  machine: trackLinkMachine,
  input: { token },
  events: [
    { type: 'xstate.done.actor.loadTrackLink', output: view },
    { type: 'xstate.error.actor.loadTrackLink', error: unknown },
    { type: 'xstate.error.actor.loadTrackLink', error: expired },
    { type: 'xstate.error.actor.loadTrackLink', error: offline },
  ],
  limit: 6,
  afterCoverage: 3,
  shows: {
    'trackLink.loading':
      'the heading "Your order" and "Loading your order…"; after Try again, the focus on the heading',
    'trackLink.shown':
      'the reference, service, status and date, who is coming (name, vehicle and plate, window, Call), the timeline, the stops with their state and proof, and the texts section; the heading takes the focus after Try again',
    'trackLink.unknown':
      '"This link does not work", why (cut short or expired), links to /track and the home page',
    'trackLink.failed': 'an alert with the messages and "Try again"',
  },
  open: async () => openPage(),
  perform: async (page, event) => {
    switch (event.type) {
      case 'retry':
        api.hold(TRACK_LINK);
        return page.user.click(main().getByRole('button', { name: 'Try again' }));
      case 'xstate.done.actor.loadTrackLink':
        return api.answer(200, { message: messageCalls.trackLink.success, data: view });
      case 'xstate.error.actor.loadTrackLink': {
        const { error } = event as unknown as { error: ApiError };
        if (error.status) return api.answer(error.status, { message: error.messages[0] });
        return dropGet();
      }
    }
  },
  check: async (_page, expected, event) => {
    const { messages } = expected.context as { messages: string[] };
    await waitFor(() => {
      if (expected.matches('loading')) {
        expect(heading()).toHaveTextContent('Your order');
        expect(main().getByRole('status')).toHaveTextContent('Loading your order…');
        if (event.type === 'retry') expect(document.activeElement).toBe(heading());
        return;
      }
      if (expected.matches('failed')) {
        const alert = main().getByRole('alert');
        expect(alert).toHaveTextContent(messages.join(''));
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
        return;
      }
      if (expected.matches('unknown')) {
        expect(heading()).toHaveTextContent('This link does not work');
        expect(main().getByRole('alert')).toHaveTextContent(
          'stops working 14 days after its order is delivered or cancelled',
        );
        expect(main().getByRole('link', { name: 'Track with a reference' })).toHaveAttribute(
          'href',
          '/track',
        );
        expect(main().getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
          'href',
          '/',
        );
        return;
      }
      expect(heading()).toHaveTextContent('Your order');
      expect(screen.getByRole('main').querySelector('dl')).toHaveTextContent(
        'Tracking IDRL-ABCDEFGH23Service TypeBulk DeliveryStatusShippedDateDec 03, 2026',
      );
      const crew = main().getByRole('region', { name: 'Who is coming' });
      expect(crew).toHaveTextContent(
        'AdaVan, plate KJA-555-AADec 03, 2026, between 09:00 and 11:00',
      );
      expect(within(crew).getByRole('link', { name: 'Call Ada' })).toHaveAttribute(
        'href',
        'tel:+2348031234567',
      );
      const steps = within(main().getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
      expect(steps.map((step) => step.textContent)).toEqual([
        '✓To InspectNov 20, 10:00 am',
        '✓ShippedNov 20, 12:30 pm',
        '3DeliveredPending',
      ]);
      expect(steps[1]).toHaveAttribute('aria-current', 'step');
      const stops = within(main().getByRole('region', { name: 'Stops' }));
      // The stops' list, whose items hold a proof's own list of photos.
      const [stopList] = stops.getAllByRole('list');
      expect(Array.from(stopList!.children, (stop) => stop.textContent)).toEqual([
        'Pick-up · IkejaDone',
        'Drop-off · Yaba · for TundeDoneHanded over Nov 20, 1:05 pm to Tunde Bakare, without the code: the crew took a photo.',
        'Drop-off · Lekki · for NgoziCrew on the way',
      ]);
      const proofPhoto = stops.getByRole('img', { name: 'Photo 1 of the handover at Yaba' });
      expect(proofPhoto).toHaveAttribute('loading', 'lazy');
      expect(proofPhoto).toHaveAttribute('src', photo);
      expect(proofPhoto.closest('a')).toHaveAttribute('href', photo);
      expect(texts().getByRole('button', { name: `Stop texts to ${phone}` })).toBeInTheDocument();
      expect(document.title).toMatch(/^Your order \| /);
      if (event.type === 'retry') expect(document.activeElement).toBe(heading());
    });
  },
  cleanup: () => api.releaseAll(),
});

/** The opt-out's paths start from the page showing the order, opted out before or not. */
graphViewSuite('/t/<token> Stop texts', {
  machine: optOutMachine,
  input: { token, optedOut: false },
  inputs: [
    { token, optedOut: false },
    { token, optedOut: true },
  ],
  events: [
    { type: 'xstate.done.actor.optOut', output: { message: 'ok', data: { opted_out: true } } },
    { type: 'xstate.error.actor.optOut', error: offline },
  ],
  limit: 8,
  shows: {
    'optOut.starting': 'never seen: the page starts the flow in one of the two states below',
    'optOut.offered': `"We text news of this order to ${phone}" and "Stop texts to ${phone}" (focused after Keep texts)`,
    'optOut.confirming':
      'the question (stop all texts, the handover code still comes) with "Yes, stop texts" (focused) and "Keep texts"',
    'optOut.sending': '"Stopping texts…" busy and focused, "Keep texts" disabled',
    'optOut.failed': 'an alert with the messages, "Try again" (focused) and "Keep texts"',
    'optOut.optedOut': '"Done: … gets no more texts about orders", focused and announced',
    'optOut.alreadyOptedOut': '"… gets no texts about orders: it has opted out"',
  },
  open: async (path: GraphPath) => {
    const page = openPage();
    const { optedOut } = inputOf(path) as { optedOut: boolean };
    await api.answer(200, {
      message: messageCalls.trackLink.success,
      data: { ...view, opted_out: optedOut },
    });
    await main().findByRole('region', { name: 'Texts about this order' });
    return page;
  },
  perform: async (page, event) => {
    switch (event.type) {
      case 'optOut.ask':
        return page.user.click(texts().getByRole('button', { name: `Stop texts to ${phone}` }));
      case 'optOut.confirm':
        api.hold(OPT_OUT);
        return page.user.click(
          texts().getByRole('button', { name: /^(Yes, stop texts|Try again)$/ }),
        );
      case 'optOut.cancel':
        return page.user.click(texts().getByRole('button', { name: 'Keep texts' }));
      case 'xstate.done.actor.optOut':
        return api.answer(200, {
          message: messageCalls.trackLinkOptOut.success,
          data: { opted_out: true },
        });
      case 'xstate.error.actor.optOut':
        return api.fail();
    }
  },
  check: async (_page, expected, event) => {
    const { messages } = expected.context as { messages: string[] };
    const acted = !event.type.startsWith('xstate.init');
    await waitFor(() => {
      const section = texts();
      const focused = (element: HTMLElement) => {
        if (acted) expect(document.activeElement).toBe(element);
      };
      if (expected.matches('offered')) {
        expect(section.getByText(`We text news of this order to ${phone}.`)).toBeInTheDocument();
        const stop = section.getByRole('button', { name: `Stop texts to ${phone}` });
        if (event.type === 'optOut.cancel') focused(stop);
        expect(section.queryByRole('alert')).toBeNull();
        return;
      }
      if (expected.matches('optedOut')) {
        const done = section.getByRole('status');
        expect(done).toHaveTextContent(`Done: ${phone} gets no more texts about orders.`);
        focused(done);
        return;
      }
      if (expected.matches('alreadyOptedOut')) {
        expect(section.getByText(/gets no texts about orders: it has opted out/)).toHaveTextContent(
          `${phone} gets no texts about orders`,
        );
        expect(section.queryByRole('button')).toBeNull();
        return;
      }
      const group = section.getByRole('group', {
        name: `Stop all texts about orders to ${phone}? You will still get the handover code of a delivery sent to you.`,
      });
      const keep = within(group).getByRole('button', { name: 'Keep texts' });
      if (expected.matches('sending')) {
        const busy = within(group).getByRole('button', { name: 'Stopping texts…' });
        expect(busy).toHaveAttribute('aria-disabled', 'true');
        focused(busy);
        expect(keep).toBeDisabled();
        return;
      }
      expect(keep).toBeEnabled();
      if (expected.matches('failed')) {
        expect(within(group).getByRole('alert')).toHaveTextContent(messages.join(''));
        focused(within(group).getByRole('button', { name: 'Try again' }));
        return;
      }
      expect(within(group).queryByRole('alert')).toBeNull();
      focused(within(group).getByRole('button', { name: 'Yes, stop texts' }));
    });
  },
  cleanup: () => api.releaseAll(),
});
