/**
 * What `/t/<token>` shows in each state of trackLinkMachine and optOutMachine, drawn with the DOM
 * (./dom.ts). The words follow the public tracking page (src/ui/tracking): Tracking ID, Service
 * Type, Status and the timeline of trackingTimelineMachine, dated in Lagos time; who is coming and
 * each stop's state and proof follow the owner's order page (src/ui/orders/CrewParts.tsx,
 * docs/crews.md). Each function
 * returns the elements of one state; `focus` marks what takes the focus when a person's action
 * brought that state (the page moves it, src/ui/trackLink/page.ts).
 */
import { createActor } from 'xstate';
import type { TrackLinkView } from '../../api/contract/messages';
import { serviceTypeLabels, statusLabels } from '../../api/contract/rules';
import { stopKindLabels, stopStateLabels, vehicleLabels } from '../../api/contract/stopLabels';
import type { VisibleCrew } from '../../api/contract/stops';
import { timelineSteps, trackingTimelineMachine } from '../../machines/trackingTimelineMachine';
import { formatDay, formatLagosDate } from '../tracking/format';
import { h } from './dom';

type TrackLinkStop = TrackLinkView['stops'][number];

export const headingOf = (view: TrackLinkView | null) =>
  view?.audience === 'receiver' ? 'Your delivery' : 'Your order';

/** A wait a person sees and a screen reader hears, as src/ui/components/LoadStates.tsx draws it. */
export const waiting = (text: string) =>
  h(
    'p',
    { class: 'waiting', role: 'status' },
    h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    ` ${text}`,
  );

/** The page's heading, which takes the focus when the page changes after Try again. */
export const heading = (text: string) => h('h1', { tabindex: '-1', 'data-focus': true }, text);

export function loadingView() {
  return [heading('Your order'), waiting('Loading your order…')];
}

export function failedView(messages: string[], retry: () => void) {
  return [
    heading('Your order'),
    h(
      'div',
      { class: 'problem', role: 'alert' },
      ...messages.map((message) => h('p', {}, message)),
      h('p', {}, 'We could not load your order. Check your connection, then try again.'),
      h('button', { type: 'button', class: 'button', onclick: retry }, 'Try again'),
    ),
  ];
}

export function unknownView() {
  return [
    heading('This link does not work'),
    h(
      'div',
      { class: 'problem', role: 'alert' },
      h(
        'p',
        {},
        'The link may be cut short, or it has expired: a tracking link stops working 14 days after its order is delivered or cancelled.',
      ),
    ),
    h(
      'p',
      {},
      'You can still follow an order with its reference number (RL-…), in the text or mail we sent.',
    ),
    h(
      'p',
      { class: 'actions' },
      h('a', { class: 'button', href: '/track' }, 'Track with a reference'),
      h('a', { class: 'button button-secondary', href: '/' }, 'Go to the home page'),
    ),
  ];
}

function facts(view: TrackLinkView) {
  const fact = (term: string, detail: Node | string) =>
    h('div', {}, h('dt', {}, term), h('dd', {}, detail));
  return h(
    'dl',
    { class: 'shipment-facts' },
    fact('Tracking ID', h('span', { class: 'reference' }, view.reference_number)),
    fact('Service Type', serviceTypeLabels[view.service_type]),
    fact('Status', statusLabels[view.status]),
    view.date && fact('Date', h('time', { datetime: view.date }, formatDay(view.date))),
  );
}

/** The timeline as the public tracking page draws it (src/ui/tracking/Timeline.tsx). */
function timeline(view: TrackLinkView) {
  const history = view.history;
  const actor = createActor(trackingTimelineMachine, {
    input: {
      status: view.status,
      createdAt: history[0]?.date ?? '',
      updatedAt: history.at(-1)?.date ?? '',
      history,
    },
  });
  const steps = timelineSteps(actor.start().getSnapshot());
  actor.stop();
  return h(
    'ol',
    { class: 'timeline', 'aria-labelledby': 'timeline-heading' },
    ...steps.map((step, index) =>
      h(
        'li',
        {
          class: [
            'timeline-step',
            step.active && 'is-active',
            step.current && 'is-current',
            `timeline-${step.status}`,
          ]
            .filter(Boolean)
            .join(' '),
          'aria-current': step.current ? 'step' : undefined,
        },
        h(
          'span',
          { class: 'timeline-marker', 'aria-hidden': 'true' },
          step.status === 'Cancelled' ? '✕' : step.active ? '✓' : String(index + 1),
        ),
        h(
          'div',
          {},
          h('h3', {}, statusLabels[step.status]),
          h(
            'p',
            {},
            step.date ? h('time', { datetime: step.date }, formatLagosDate(step.date)) : 'Pending',
          ),
        ),
      ),
    ),
  );
}

/** Who is coming, in CrewParts.tsx's words: first name, photo or initial, vehicle, plate, window, Call. */
function whoIsComing(crew: VisibleCrew) {
  return h(
    'section',
    { class: 'tl-part', 'aria-labelledby': 'crew-heading' },
    h('h2', { id: 'crew-heading' }, 'Who is coming'),
    h(
      'div',
      { class: 'crew-card' },
      crew.photo_url
        ? h('img', { class: 'crew-photo', src: crew.photo_url, alt: '', width: '72', height: '72' })
        : h(
            'span',
            { class: 'crew-photo crew-initial', 'aria-hidden': 'true' },
            crew.first_name.charAt(0),
          ),
      h(
        'div',
        {},
        h('p', { class: 'crew-name' }, crew.first_name),
        h(
          'p',
          {},
          `${vehicleLabels[crew.vehicle]}, plate `,
          h('span', { class: 'plate' }, crew.plate),
        ),
        h(
          'p',
          {},
          h('time', { datetime: crew.date }, formatDay(crew.date)),
          `, between ${crew.window_start} and ${crew.window_end}`,
        ),
      ),
    ),
    h(
      'p',
      { class: 'actions' },
      h('a', { class: 'button', href: `tel:${crew.phone}` }, `Call ${crew.first_name}`),
    ),
  );
}

/** Signed links to a stop's photos, each opening the photo full size (loaded when seen). */
const stopPhotos = (photos: string[], of: string) =>
  h(
    'ul',
    { class: 'proof-photos' },
    ...photos.map((photo, index) =>
      h(
        'li',
        {},
        h(
          'a',
          { href: photo, target: '_blank', rel: 'noreferrer' },
          // Lazy before the source: an image starts loading as soon as it has one.
          h('img', {
            loading: 'lazy',
            src: photo,
            alt: `Photo ${index + 1} of ${of}`,
            width: '96',
            height: '96',
          }),
        ),
      ),
    ),
  );

/** A move's photos of the goods' condition, once delivered (as the owner's page shows them). */
const conditionPhotos = (stop: TrackLinkStop) =>
  stop.condition_photos &&
  h(
    'div',
    { class: 'stop-proof' },
    h('p', {}, 'The goods’ condition, photographed by the crew:'),
    stopPhotos(stop.condition_photos, `the goods’ condition at ${stop.place}`),
  );

/** A handover's proof: when, to whom, with or without the code, and its photos (loaded when seen). */
function stopProof(stop: TrackLinkStop) {
  const { proof } = stop;
  if (!proof) return null;
  return h(
    'div',
    { class: 'stop-proof' },
    h(
      'p',
      {},
      'Handed over ',
      h('time', { datetime: proof.delivered_at }, formatLagosDate(proof.delivered_at)),
      `${proof.receiver_name ? ` to ${proof.receiver_name}` : ''}, ${
        proof.with_code ? 'with the handover code' : 'without the code: the crew took a photo'
      }.`,
    ),
    proof.photos.length > 0 && stopPhotos(proof.photos, `the handover at ${stop.place}`),
  );
}

function stops(view: TrackLinkView) {
  if (!view.stops.length) return null;
  return h(
    'section',
    { class: 'tl-part', 'aria-labelledby': 'stops-heading' },
    h('h2', { id: 'stops-heading' }, view.audience === 'receiver' ? 'Your drop-off' : 'Stops'),
    h(
      'ol',
      { class: 'order-stops' },
      ...view.stops.map((stop) =>
        h(
          'li',
          { class: `stop-${stop.state}` },
          h(
            'p',
            {},
            h('strong', {}, stopKindLabels[stop.kind]),
            ` · ${stop.place}`,
            stop.name && h('span', { class: 'tl-muted' }, ` · for ${stop.name}`),
          ),
          h('p', { class: 'stop-state' }, stopStateLabels[stop.state]),
          stopProof(stop),
          conditionPhotos(stop),
        ),
      ),
    ),
  );
}

/** The order as the link shows it; `texts` is the opt-out's section, drawn by its own machine. */
export function shownView(view: TrackLinkView, texts: HTMLElement) {
  return [
    heading(headingOf(view)),
    facts(view),
    // On the day, who is coming is what the person opening the link wants first.
    view.crew && whoIsComing(view.crew),
    h(
      'section',
      { class: 'tl-part', 'aria-labelledby': 'timeline-heading' },
      h('h2', { id: 'timeline-heading' }, 'Progress'),
      timeline(view),
    ),
    stops(view),
    texts,
    view.expires_at &&
      h(
        'p',
        { class: 'tl-muted' },
        'This link works until ',
        h('time', { datetime: view.expires_at }, formatLagosDate(view.expires_at)),
        '.',
      ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Texts: optOutMachine's states.

export interface OptOutActions {
  ask: () => void;
  confirm: () => void;
  cancel: () => void;
}

const KEPT = 'You will still get the handover code of a delivery sent to you.';

/** A button that keeps the focus while it waits: aria-disabled, not disabled, so focus stays on it. */
const busyButton = (text: string) =>
  h(
    'button',
    { type: 'button', class: 'button', 'aria-disabled': 'true', 'data-focus': true },
    h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    ` ${text}`,
  );

export function optOutView(state: string, phone: string, messages: string[], act: OptOutActions) {
  switch (state) {
    case 'offered':
      return [
        h('p', {}, `We text news of this order to ${phone}.`),
        h(
          'p',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'button button-secondary',
              onclick: act.ask,
              'data-focus': true,
            },
            `Stop texts to ${phone}`,
          ),
        ),
      ];
    case 'confirming':
    case 'sending':
    case 'failed':
      return [
        h(
          'div',
          { role: 'group', 'aria-labelledby': 'stop-question' },
          h('p', { id: 'stop-question' }, `Stop all texts about orders to ${phone}? ${KEPT}`),
          state === 'failed' &&
            h(
              'div',
              { class: 'problem', role: 'alert' },
              ...messages.map((message) => h('p', {}, message)),
            ),
          h(
            'p',
            { class: 'actions' },
            state === 'sending'
              ? busyButton('Stopping texts…')
              : h(
                  'button',
                  { type: 'button', class: 'button', onclick: act.confirm, 'data-focus': true },
                  state === 'failed' ? 'Try again' : 'Yes, stop texts',
                ),
            h(
              'button',
              {
                type: 'button',
                class: 'button button-secondary',
                onclick: act.cancel,
                disabled: state === 'sending',
              },
              'Keep texts',
            ),
          ),
        ),
      ];
    case 'optedOut':
      return [
        h(
          'p',
          { class: 'tl-notice', role: 'status', tabindex: '-1', 'data-focus': true },
          `Done: ${phone} gets no more texts about orders. ${KEPT}`,
        ),
      ];
    default: // alreadyOptedOut
      return [
        h(
          'p',
          { class: 'tl-notice' },
          `${phone} gets no texts about orders: it has opted out. ${KEPT}`,
        ),
      ];
  }
}
