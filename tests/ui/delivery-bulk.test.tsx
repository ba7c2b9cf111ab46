/**
 * Bulk delivery (/bulk-delivery) against the real server. The receiver list's graph paths are
 * replayed through the page (the Add button, the dialog's labelled fields, Save, Cancel, each
 * card's edit and delete buttons), checking after every step that the page shows what the
 * machine holds; then the booking itself, its refusals, its draft and its limit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { MAX_RECEIVERS, receiver, type Receiver } from '../../src/api/contract';
import { drafts, type StoredSession } from '../../src/api/storage';
import {
  receiverListMachine,
  type ReceiverField,
  type ReceiverListEvent,
} from '../../src/machines/receiverListMachine';
import { inDays } from '../api/helpers';
import { pathsOf } from '../machines/graph';
import type { TestServer } from '../support/server';
import { field, fill, REFERENCE, startWithMember, toast, unreachable } from './delivery-support';
import { renderApp } from './render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let member: StoredSession;
beforeAll(async () => ({ server, member } = await startWithMember()));
afterAll(() => server.close());

const labelOf: Record<Exclude<ReceiverField, 'state' | 'lga'>, string> = {
  address: 'Delivery Address',
  name: "Receiver's Full Name",
  phone: "Receiver's Phone Number",
  date: 'Delivery Date',
};
const ada: Receiver = {
  address: '1 Marina Road',
  name: 'Ada Obi',
  phone: '08051234567',
  date: inDays(2),
};
const fields = Object.keys(labelOf) as Array<keyof typeof labelOf>;
const validFields = (entry: Receiver) =>
  fields.filter((name) => receiver.shape[name].safeParse(entry[name]).success);

const sender = {
  'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
  "Sender's Full Name": 'Bola Ade',
  "Sender's Phone Number": '08031234567',
  'Pick up Date': inDays(1),
  'Additional information': 'Office supplies',
};

async function open(apiUrl = server.apiUrl) {
  const app = renderApp('/bulk-delivery', { apiUrl, session: member });
  await screen.findByRole('heading', { level: 1, name: 'Bulk Delivery' }, { timeout: 10_000 });
  const dialog = () => within(screen.getByRole('dialog'));
  const cards = () => [...document.querySelectorAll<HTMLElement>('.receiver-card')];
  const card = (position: number) => within(cards()[position]!);
  const addReceiver = async (entry: Receiver) => {
    await app.user.click(screen.getByRole('button', { name: "Add Receiver's Details" }));
    // The dialog's code loads when it is first opened.
    await screen.findByRole('dialog');
    await fill(
      app.user,
      Object.fromEntries(
        fields.map((name) => [labelOf[name as keyof typeof labelOf], entry[name] ?? '']),
      ),
      dialog(),
    );
    await app.user.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };
  return { ...app, dialog, cards, card, addReceiver };
}
type Page = Awaited<ReturnType<typeof open>>;

// ---------------------------------------------------------------------------------------------
// The receiver list's graph, through the page.

/** What a user does for each event of the list. An edit or delete of a receiver that is not there has no button. */
async function perform(page: Page, event: ReceiverListEvent) {
  if (
    (event.type === 'receiver.edit' || event.type === 'receiver.delete') &&
    event.index >= page.cards().length
  ) {
    return expect(page.cards()[event.index]).toBeUndefined();
  }
  switch (event.type) {
    case 'receiver.add':
      return page.user.click(screen.getByRole('button', { name: "Add Receiver's Details" }));
    case 'receiver.change':
      return fill(
        page.user,
        { [labelOf[event.name as keyof typeof labelOf]]: event.value },
        page.dialog(),
      );
    case 'receiver.save':
      return page.user.click(page.dialog().getByRole('button', { name: 'Save' }));
    case 'receiver.cancel':
      return page.user.click(page.dialog().getByRole('button', { name: 'Cancel' }));
    case 'receiver.edit':
      return page.user.click(
        page
          .card(event.index)
          .getByRole('button', { name: new RegExp(`^Edit Receiver ${event.index + 1},`) }),
      );
    case 'receiver.delete':
      return page.user.click(
        page
          .card(event.index)
          .getByRole('button', { name: new RegExp(`^Delete Receiver ${event.index + 1},`) }),
      );
  }
}

/** The page shows what the machine holds: the cards, the dialog, its values and messages. */
async function expectPageToShow(page: Page, expected: SnapshotFrom<typeof receiverListMachine>) {
  const { receivers, entry, errors, editing } = expected.context;
  expect(
    page.cards().map((card) => within(card).getByRole('heading', { hidden: true }).textContent),
  ).toEqual(receivers.map((_, i) => `Receiver ${i + 1}`));
  page.cards().forEach((card, i) => expect(card).toHaveTextContent(receivers[i]!.name));
  if (!expected.matches('dialog')) {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return;
  }
  // The dialog's code loads when it is first opened: wait for it, then check it at once.
  const dialog = within(await screen.findByRole('dialog'));
  const title = expected.matches({ dialog: 'editing' })
    ? `Edit Receiver ${editing! + 1}`
    : "Add Receiver's Details";
  expect(dialog.getByRole('heading', { name: title })).toBeInTheDocument();
  for (const name of fields) {
    expect(field(labelOf[name], dialog)).toHaveValue(entry[name]);
    for (const message of errors[name] ?? [])
      expect(field(labelOf[name], dialog)).toHaveAccessibleDescription(
        new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
  }
}

/** Outside the booking form the list has no parent to tell. */
const standaloneList = receiverListMachine.provide({ actions: { changed: () => {} } });

const listPaths = pathsOf(
  {
    machine: standaloneList,
    // As a user types: the next empty field, or a wrong phone number once all are filled.
    events: (snapshot) => {
      const next = fields.find((name) => !validFields(snapshot.context.entry).includes(name));
      return [
        next
          ? { type: 'receiver.change', name: next, value: ada[next] }
          : { type: 'receiver.change', name: 'phone', value: '12345' },
        { type: 'receiver.edit', index: 0 },
        { type: 'receiver.delete', index: 0 },
      ];
    },
    // One receiver or more, and how far the dialog is filled: enough for every state and transition.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        receivers: Math.min(snapshot.context.receivers.length, 1),
        filled: validFields(snapshot.context.entry).length,
      }),
  },
  {},
);
const eventsOf = (path: (typeof listPaths)[number]) =>
  JSON.stringify(path.steps.slice(1).map((step) => step.event));
/** A path that another one continues is replayed as part of the longer one. */
const longestPaths = listPaths.filter(
  (path) =>
    !listPaths.some(
      (other) => other !== path && eventsOf(other).startsWith(eventsOf(path).slice(0, -1)),
    ),
);

describe("/bulk-delivery: the receiver list's graph paths, through the dialog, cards and buttons", () => {
  it('has paths through every receiver event', () => {
    const types = new Set(
      longestPaths.flatMap((path) => path.steps.slice(1).map((step) => step.event.type)),
    );
    expect([...types].sort()).toEqual([
      'receiver.add',
      'receiver.cancel',
      'receiver.change',
      'receiver.delete',
      'receiver.edit',
      'receiver.save',
    ]);
  });

  for (const path of longestPaths) {
    const label = path.steps
      .slice(1)
      .map((step: { event: EventObject }) => step.event.type.replace('receiver.', ''))
      .join(' → ');
    it(label, async () => {
      const page = await open();
      // The same events on the machine itself say what the page should show after each step.
      const model = createActor(standaloneList, { input: {} }).start();
      for (const step of path.steps.slice(1)) {
        await perform(page, step.event as ReceiverListEvent);
        model.send(step.event as ReceiverListEvent);
        await expectPageToShow(page, model.getSnapshot());
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The booking.

describe('/bulk-delivery: the booking', () => {
  it('shows the title, subtitle, sender fields and Back; Submit only once a receiver is on the list', async () => {
    const page = await open();
    expect(screen.getByText('Send your items to multiple locations')).toBeInTheDocument();
    for (const label of Object.keys(sender))
      expect(field(label)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/delivery');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await page.addReceiver(ada);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    const card = page.card(0);
    expect(card.getByText(ada.address)).toBeInTheDocument();
    expect(card.getByText(ada.phone)).toBeInTheDocument();
    expect(card.getByText('Delivery date')).toBeInTheDocument();
  });

  it('refuses a receiver delivered before the pickup: the message sits on its card and in a toast, nothing is lost', async () => {
    const page = await open();
    await fill(page.user, { ...sender, 'Pick up Date': inDays(5) });
    await page.addReceiver(ada);
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      page.card(0).getByText('Receiver 1: delivery cannot be before pickup.'),
    ).toBeInTheDocument();
    await toast('Receiver 1: delivery cannot be before pickup.');
    expect(field('Pick up Address')).toHaveValue(sender['Pick up Address']);
    expect(page.cards()).toHaveLength(1);
  });

  it('keeps the sender fields and the receivers when the server cannot be reached', async () => {
    const page = await open(unreachable);
    await fill(page.user, sender);
    await page.addReceiver(ada);
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    await toast('An error occurred. Please try again.');
    expect(field("Sender's Full Name")).toHaveValue('Bola Ade');
    expect(page.cards()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('keeps the sender fields and the receivers across a reload', async () => {
    const page = await open();
    await fill(page.user, { 'Pick up Address': sender['Pick up Address'] });
    await page.addReceiver(ada);
    page.unmount();
    const again = await open();
    expect(field('Pick up Address')).toHaveValue(sender['Pick up Address']);
    expect(again.cards()).toHaveLength(1);
    expect(again.card(0).getByText(ada.name)).toBeInTheDocument();
  });

  it(`takes at most ${MAX_RECEIVERS} receivers`, async () => {
    drafts.save('bulkDelivery', {
      values: {},
      receivers: Array.from({ length: MAX_RECEIVERS }, () => ada),
    });
    const page = await open();
    expect(page.cards()).toHaveLength(MAX_RECEIVERS);
    expect(screen.getByRole('button', { name: "Add Receiver's Details" })).toBeDisabled();
    expect(
      screen.getByText(`One booking takes at most ${MAX_RECEIVERS} receivers.`),
    ).toBeInTheDocument();
    await page.user.click(page.card(0).getByRole('button', { name: /^Delete Receiver 1,/ }));
    expect(screen.getByRole('button', { name: "Add Receiver's Details" })).toBeEnabled();
  });

  it('books after adding, editing and deleting receivers, says so, and shows the reference on /thank-you', async () => {
    const page = await open();
    await fill(page.user, sender);
    await page.addReceiver(ada);
    await page.addReceiver({ ...ada, name: 'Chinedu Eze', date: inDays(3) });
    await page.addReceiver({ ...ada, name: 'Ngozi Okafor' });
    await page.user.click(page.card(1).getByRole('button', { name: /^Edit Receiver 2,/ }));
    await fill(page.user, { "Receiver's Full Name": 'Chinedu Okafor' }, page.dialog());
    await page.user.click(page.dialog().getByRole('button', { name: 'Save' }));
    await page.user.click(page.card(0).getByRole('button', { name: /^Delete Receiver 1,/ }));
    expect(
      page.cards().map((card) => within(card).getAllByRole('definition')[1]!.textContent),
    ).toEqual(['Chinedu Okafor', 'Ngozi Okafor']);

    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    await toast('Bulk Delivery created successfully');
    await waitFor(() => expect(page.location().pathname).toBe('/thank-you'), { timeout: 6000 });
    const reference = new URLSearchParams(page.location().search).get('reference');
    expect(reference).toMatch(REFERENCE);
    expect(
      await within(screen.getByRole('main')).findByText(reference!, {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    const stored = await server.app.db
      .selectFrom('delivery_receivers')
      .innerJoin('shipments', 'shipments.id', 'delivery_receivers.shipment_id')
      .select(['name', 'position'])
      .where('reference', '=', reference!)
      .orderBy('position')
      .execute();
    expect(stored.map((row) => row.name)).toEqual(['Chinedu Okafor', 'Ngozi Okafor']);
  });
});
