/**
 * The offer on the order page (/orders/:reference): the paths of offerDecisionMachine's graph
 * through its buttons and the reason field, from its four starts (an open offer, one already
 * accepted, declined, or past its day). Each path books its own order on the real server and
 * has staff offer it a price; the answers go through the gate (./heldApi.ts): a success is the
 * server's, a new price is staff really sending one while the answer is held, an answer already
 * given meanwhile (a 409 without a new price) the gate answering with the server's words, a
 * failure a dropped connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, formatNaira, offerStateLabels, type Offer } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { offerDecisionMachine } from '../../src/machines/offerDecisionMachine';
import { inDays, post, type Customer } from '../support/api';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import type { TestServer } from '../support/server';
import { bookDelivery } from '../support/shipments';
import { toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let staff: Customer;
let customer: Customer;
let held: HeldServer;
beforeAll(async () => {
  held = await startHeldServer();
  ({ server, api, staff, customer } = held);
});
afterAll(() => held.close());

/** The graph's offer: what staff really offer each path's order (its id and day are the server's). */
const shown: Offer = {
  id: 7,
  amount_kobo: 10_000_000,
  note: 'Two vans',
  valid_until: '2030-01-31',
  state: 'open',
  created_at: '2030-01-01T09:00:00.000Z',
  decided_at: null,
  decline_reason: null,
};
/** The price staff send while an answer is under way. */
const newPrice: Offer = { ...shown, id: 8, amount_kobo: 900_000_000, note: null };
const REASON = 'Too expensive for us';
const STALE = 'You already accepted this price.';
const offline = new ApiError([GENERIC_ERROR]);
const stale = new ApiError([STALE], {}, 409);
const changedMessage = `The price has changed to ${formatNaira(newPrice.amount_kobo)}. Check it before you accept.`;
const replaced = new ApiError([changedMessage], {}, 409, {
  message: changedMessage,
  order: { status: 'ToInspect', offer: newPrice },
});

/** The offer's panel: a section named by its heading (the offer's state and amount). */
const panel = () => within(document.querySelector<HTMLElement>('section.offer')!);
const offerHeading = () => panel().getByRole('heading', { level: 3 });
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');

async function offerPrice(reference: string, offer: Offer) {
  const answer = await post(
    server,
    `staff/orders/${reference}/offer`,
    { amount_kobo: offer.amount_kobo, note: offer.note ?? '', valid_until: inDays(7) },
    staff.token,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.offer.id as number;
}

async function open(path: GraphPath) {
  const { offer } = inputOf(path) as { offer: Offer };
  const reference = await bookDelivery(server, customer.token);
  const offerId = await offerPrice(reference, shown);
  const answer = (decision: string, body: object) =>
    post(
      server,
      `users/orders/${reference}/offer/${decision}`,
      { offer_id: offerId, ...body },
      customer.token,
    );
  if (offer.state === 'accepted') await answer('accept', {});
  if (offer.state === 'declined') await answer('decline', { reason: REASON });
  if (offer.state === 'expired')
    await server.app.db
      .updateTable('offers')
      .set({ valid_until: inDays(-1) })
      .where('id', '=', offerId)
      .execute();
  const app = renderApp(`/orders/${reference}`, {
    apiUrl: api.apiUrl,
    session: sessionOf(customer),
  });
  await waitFor(() => expect(offerHeading()).toHaveTextContent(formatNaira(shown.amount_kobo)), {
    timeout: 10_000,
  });
  return { ...app, reference };
}
type Page = Awaited<ReturnType<typeof open>>;

const reasonField = () => panel().getByRole('textbox', { name: /Why are you declining/ });

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  const amount = () => offerHeading().textContent!.replace(/^.*: /, '');
  switch (event.type) {
    case 'accept': {
      if (isAnswer(next)) api.hold();
      // Read before the dialog opens: Radix hides the page from the accessibility tree meanwhile.
      const shown = amount();
      await page.user.click(
        panel().getByRole('button', { name: `Accept ${shown} for ${page.reference}` }),
      );
      // The confirmation names the amount (issue 35); its own button sends `accept`.
      return page.user.click(await screen.findByRole('button', { name: `Yes, accept ${shown}` }));
    }
    case 'decline':
      return page.user.click(
        panel().getByRole('button', { name: `Decline ${amount()} for ${page.reference}` }),
      );
    case 'reason.change': {
      const { value } = event as unknown as { value: string };
      await page.user.clear(reasonField());
      if (value) await page.user.type(reasonField(), value);
      return;
    }
    case 'decline.confirm':
      if (isAnswer(next)) api.hold();
      return page.user.click(panel().getByRole('button', { name: 'Decline the offer' }));
    case 'back':
      return page.user.click(panel().getByRole('button', { name: 'Keep the offer' }));
    case 'xstate.done.actor.accept':
    case 'xstate.done.actor.decline':
      return api.release();
    case 'xstate.error.actor.accept':
    case 'xstate.error.actor.decline': {
      const { error } = event as unknown as { error: ApiError };
      if (error === replaced) {
        // Staff send a new price while the answer is under way: the server refuses the old one.
        await offerPrice(page.reference, newPrice);
        return api.release();
      }
      return error.status === 409 ? api.answer(409, { message: STALE }) : api.fail();
    }
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { offer, reason, errors, messages } = expected.context as {
    offer: Offer;
    reason: string;
    errors: Record<string, string[]>;
    messages: string[];
  };
  const amount = formatNaira(offer.amount_kobo);
  if (event.type.startsWith('xstate.error.') || (event.type === 'decline.confirm' && messages[0]))
    for (const message of messages) await toast(message);
  if (event.type === 'xstate.done.actor.accept')
    await toast('Offer accepted. The price is now final.');
  if (event.type === 'xstate.done.actor.decline')
    await toast('Offer declined. We will be in touch.');
  await waitFor(
    () => {
      const state = expected.matches('accepted')
        ? 'accepted'
        : expected.matches('declined')
          ? 'declined'
          : expected.matches('expired')
            ? 'expired'
            : 'open';
      expect(offerHeading()).toHaveTextContent(`${offerStateLabels[state]}: ${amount}`);
      const notice = panel().queryByText(`The price has changed to ${amount}.`);
      if (expected.hasTag('changed')) expect(notice).toBeInTheDocument();
      else expect(notice).toBeNull();
      const accept = panel().queryByRole('button', {
        name: `Accept ${amount} for ${page.reference}`,
      });
      const declining = expected.matches('declining');
      if (['open', 'changed', 'accepting'].some((name) => expected.matches(name))) {
        const busy = expected.matches('accepting');
        expect(accept).toHaveTextContent(busy ? 'Accepting...' : 'Accept');
        if (busy) expect(accept).toBeDisabled();
        else expect(accept).toBeEnabled();
      } else expect(accept).toBeNull();
      expect(panel().queryByRole('textbox', { name: /Why are you declining/ }) !== null).toBe(
        declining,
      );
      if (declining) {
        expect(reasonField()).toHaveProperty('value', reason);
        if (errors.reason)
          expect(reasonField()).toHaveAccessibleDescription(errors.reason.join(' '));
        else expect(reasonField()).not.toHaveAttribute('aria-invalid');
        const sending = expected.matches({ declining: 'sending' });
        const button = panel().getByRole('button', {
          name: sending ? 'Declining...' : 'Decline the offer',
        });
        if (sending) expect(button).toBeDisabled();
        else expect(button).toBeEnabled();
      }
      if (state === 'accepted')
        expect(panel().getByText(/You accepted this price\./)).toBeInTheDocument();
      if (state === 'declined')
        expect(panel().getByText(/You declined this price: “.+”/)).toBeInTheDocument();
      if (state === 'expired')
        expect(
          panel().getByText(/This offer was valid through .+\. Contact us/),
        ).toBeInTheDocument();
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/orders/:reference offer', {
  machine: offerDecisionMachine,
  input: { reference: 'RL-ABCDEFGH23', offer: shown },
  inputs: [
    { reference: 'RL-ABCDEFGH23', offer: shown },
    { reference: 'RL-ABCDEFGH23', offer: { ...shown, state: 'accepted' } },
    { reference: 'RL-ABCDEFGH23', offer: { ...shown, state: 'declined' } },
    { reference: 'RL-ABCDEFGH23', offer: { ...shown, state: 'expired' } },
  ],
  events: [
    { type: 'reason.change', value: REASON },
    { type: 'reason.change', value: '' },
    { type: 'xstate.done.actor.accept', output: null },
    { type: 'xstate.error.actor.accept', error: offline },
    { type: 'xstate.error.actor.accept', error: stale },
    { type: 'xstate.error.actor.accept', error: replaced },
    { type: 'xstate.done.actor.decline', output: null },
    { type: 'xstate.error.actor.decline', error: offline },
    { type: 'xstate.error.actor.decline', error: stale },
    { type: 'xstate.error.actor.decline', error: replaced },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      offer: snapshot.context.offer.id,
      reason: snapshot.context.reason !== '',
    }),
  // Staff replace a price once per path; the field is typed into only when it changes.
  offered: (event, state) => {
    const { error } = event as { error?: unknown };
    if (error === replaced) return state.context.offer.id !== newPrice.id;
    if (event.type === 'reason.change')
      return (event as { value?: string }).value !== state.context.reason;
    return true;
  },
  limit: 20,
  afterCoverage: 0,
  shows: {
    'offerDecision.starting': 'nothing yet: it decides at once by the offer’s state',
    'offerDecision.open':
      'the heading "Price offered: <amount>", "Valid through …", Accept and Decline enabled',
    'offerDecision.changed':
      'as open, with the new amount and the notice "The price has changed to <amount>."',
    'offerDecision.accepting': 'the Accept button reads "Accepting..." and is disabled',
    'offerDecision.declining.asking':
      'the field "Why are you declining?" holding the reason (its message under it), "Decline the offer" and "Keep the offer"',
    'offerDecision.declining.sending': '"Declining..." disabled',
    'offerDecision.accepted':
      '"Price accepted: <amount>" and "You accepted this price.", no buttons (a toast on accepting)',
    'offerDecision.declined':
      '"Price declined: <amount>" and "You declined this price: “<reason>”", no buttons',
    'offerDecision.expired':
      '"Offer expired: <amount>" and "This offer was valid through <day>. Contact us for a new one."',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
