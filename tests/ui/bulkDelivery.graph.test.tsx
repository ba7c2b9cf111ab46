/**
 * Bulk delivery (/bulk-delivery): the paths of bulkDeliveryMachine's graph and of its receiver
 * list's (receiverListMachine) through the page. The form starts from a draft with every sender
 * field but the description (the page restores drafts); its receivers change through the dialog
 * and the cards' buttons; the booking goes to the real server behind the gate (./heldApi.ts): a
 * success is the server's, a refusal the gate answering 422 in its place, no answer a dropped
 * connection. The list's paths: the Add button, the dialog's labelled fields, Save, Cancel, each
 * card's edit and delete buttons.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject, SnapshotFrom } from 'xstate';
import {
  BULK_DELIVERY_CREATED,
  LANDMARK_MAX,
  bulkDeliveryRequest,
  receiver,
} from '../../src/api/contract';
import type { ApiError } from '../../src/api/errors';
import { drafts, type StoredSession } from '../../src/api/storage';
import {
  bulkDeliveryMachine,
  type BulkDeliveryInput,
  type BulkSender,
} from '../../src/machines/bulkDeliveryMachine';
import {
  receiverListMachine,
  type ReceiverListEvent,
} from '../../src/machines/receiverListMachine';
import { refusedSubmit, submissionKeys, unansweredSubmit } from '../support/graph/graph';
import type { TestServer } from '../support/server';
import {
  ada,
  labelOf,
  openBulkPage,
  receiverFields,
  sender,
  type BulkPage,
} from '../support/view/bulkPage';
import { field, fill, startWithMember, toast } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import { startHeldApi, type HeldApi } from '../support/view/heldApi';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let member: StoredSession;
let api: HeldApi;
beforeAll(async () => {
  ({ server, member } = await startWithMember());
  api = await startHeldApi(server.apiUrl);
});
afterAll(async () => {
  await api.close();
  await server.close();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
/**
 * The list's count (behind an open dialog too, which Radix hides from the accessibility tree),
 * not the note with Undo that a delete leaves beside it.
 */
const receiversStatus = () =>
  within(
    screen.getByRole('heading', { level: 2, name: 'Receivers', hidden: true }).closest('section')!,
  )
    .getAllByRole('status', { hidden: true })
    .find((status) => !status.classList.contains('receiver-undo'))!;
const countOf = (count: number) =>
  count === 0
    ? 'No receivers yet. Add the first one to book.'
    : `${count} ${count === 1 ? 'receiver' : 'receivers'} on this booking.`;

/** The cards show the receivers, in order, each with its name. */
function expectCards(page: BulkPage, receivers: { name: string }[]) {
  expect(receiversStatus()).toHaveTextContent(countOf(receivers.length));
  expect(
    page.cards().map((card) => within(card).getByRole('heading', { hidden: true }).textContent),
  ).toEqual(receivers.map((_, i) => `Receiver ${i + 1}`));
  page.cards().forEach((card, i) => expect(card).toHaveTextContent(receivers[i]!.name));
}

// ---------------------------------------------------------------------------------------------
// The booking form (bulkDeliveryMachine).

/** The draft the page starts from: every sender field but the description. */
const values: BulkSender = {
  pickup_address: sender['Pick up Address'],
  pickup_state: '',
  pickup_lga: '',
  sender_fullname: sender["Sender's Full Name"],
  sender_number: sender["Sender's Phone Number"],
  pickup_date: sender['Pick up Date'],
  description: '',
};
const input: BulkDeliveryInput = {
  values,
  receivers: [],
  redirectDelay: 3000,
  newSubmissionKey: submissionKeys(),
};
const DESCRIPTION = 'Additional information';

async function openForm() {
  drafts.save('bulkDelivery', { values, receivers: [] });
  const page = await openBulkPage(api.apiUrl, member);
  // The price's tariff loads with the first form (then the page keeps it): let it come before the gate holds anything.
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Price' })).getByRole('status'),
    ).not.toHaveTextContent('Loading prices…'),
  );
  return page;
}

async function performOnForm(page: BulkPage, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'field.change': {
      const { value } = event as unknown as { value: string };
      return fill(page.user, { [DESCRIPTION]: value });
    }
    case 'receivers.changed': {
      const { receivers } = event as unknown as { receivers: unknown[] };
      if (receivers.length) return page.addReceiver(ada);
      return page.user.click(page.card(0).getByRole('button', { name: /^Delete Receiver 1,/ }));
    }
    case 'receiver.*':
      // A look at the dialog, closed again: the list (and so the form) stays as it was.
      await page.user.click(screen.getByRole('button', { name: "Add Receiver's Details" }));
      await screen.findByRole('dialog');
      await page.user.click(page.dialog().getByRole('button', { name: 'Cancel' }));
      return waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    case 'submit':
      if (isAnswer(next)) api.hold();
      return page.user.click(screen.getByRole('button', { name: 'Submit' }));
    case 'xstate.done.actor.submit':
      return api.release();
    case 'xstate.error.actor.submit': {
      const { error } = event as unknown as { error: ApiError };
      return error.status === null
        ? api.fail()
        : api.answer(422, { message: refusedSubmit.error.messages[0] });
    }
    // xstate.after.redirectDelay: the page waits its real delay; the check waits with it.
  }
}

async function checkForm(page: BulkPage, expected: AnyMachineSnapshot, event: EventObject) {
  if (expected.matches('done')) {
    await waitFor(() => expect(page.location().pathname).toBe('/thank-you'), { timeout: 5000 });
    return;
  }
  const { receivers, errors, messages } = expected.context as {
    receivers: { name: string }[];
    errors: Record<string, string[]>;
    messages: string[];
  };
  if (expected.matches('succeeded')) await toast(BULK_DELIVERY_CREATED);
  else if (event.type === 'submit' || isAnswer(event))
    for (const message of messages) await toast(message);
  const busy = expected.hasTag('busy');
  await waitFor(() => {
    expectCards(page, receivers);
    const description = field(DESCRIPTION);
    expect(description).toHaveValue((expected.context.values as BulkSender).description);
    if (errors.description)
      expect(description).toHaveAccessibleDescription(new RegExp(escape(errors.description[0]!)));
    else expect(description).not.toHaveAttribute('aria-invalid', 'true');
    const add = screen.getByRole('button', { name: "Add Receiver's Details" });
    if (busy) expect(add).toBeDisabled();
    else expect(add).toBeEnabled();
    // Submit once a receiver is on the list; "Booking..." while it is sent and until the page leaves.
    const submit = screen.queryByRole('button', { name: busy ? 'Booking...' : 'Submit' });
    if (!receivers.length) expect(submit).toBeNull();
    else if (busy) expect(submit).toBeDisabled();
    else expect(submit).toBeEnabled();
  });
}

graphViewSuite('/bulk-delivery booking', {
  machine: bulkDeliveryMachine,
  input,
  events: [
    { type: 'field.change', name: 'description', value: sender[DESCRIPTION] },
    { type: 'field.change', name: 'description', value: '' },
    { type: 'receivers.changed', receivers: [ada] },
    { type: 'receivers.changed', receivers: [] },
    {
      type: 'xstate.done.actor.submit',
      output: { message: BULK_DELIVERY_CREATED, data: { reference_number: 'RL-ABCDEFGH23' } },
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: bulkDeliveryRequest.safeParse({
        ...snapshot.context.values,
        receiver_details: snapshot.context.receivers,
      }).success,
      receivers: snapshot.context.receivers.length,
      errors: Object.keys(snapshot.context.errors).sort(),
    }),
  // The page adds a receiver to an empty list and deletes the one there; Submit shows once there is one.
  offered: (event, state) => {
    const count = (state.context.receivers as unknown[]).length;
    if (event.type === 'field.change')
      return (event as { value?: string }).value !== state.context.values.description;
    if (event.type === 'receivers.changed')
      return ((event as { receivers?: unknown[] }).receivers?.length ?? 0) !== count && count < 2;
    if (event.type === 'submit') return count > 0;
    return true;
  },
  limit: 10,
  afterCoverage: 0,
  shows: {
    'bulkDelivery.editing':
      'the receivers\' cards and "<n> receiver(s) on this booking." (or "No receivers yet. Add the first one to book."), the description with its message, "Add Receiver\'s Details" and, with a receiver, "Submit" enabled; a submit or an answer toasts the messages',
    'bulkDelivery.submitting': '"Booking..." and "Add Receiver\'s Details" disabled',
    'bulkDelivery.succeeded':
      'the toast "Bulk Delivery created successfully", "Booking..." disabled until the page leaves',
    'bulkDelivery.done': 'the page has gone to /thank-you',
  },
  open: openForm,
  perform: performOnForm,
  check: checkForm,
  cleanup: () => api.releaseAll(),
});

// ---------------------------------------------------------------------------------------------
// The receiver list (receiverListMachine): the dialog, the cards and their buttons.

/** Outside the booking form the list has no parent to tell. */
const standaloneList = receiverListMachine.provide({ actions: { changed: () => {} } });
const validFields = (entry: Record<string, string>) =>
  receiverFields.filter((name) => receiver.shape[name].safeParse(entry[name]).success);

/** What a user does for each event of the list. An edit or delete of a receiver that is not there has no button. */
async function performOnList(page: BulkPage, event: EventObject) {
  const listEvent = event as ReceiverListEvent;
  if (
    (listEvent.type === 'receiver.edit' || listEvent.type === 'receiver.delete') &&
    listEvent.index >= page.cards().length
  ) {
    return expect(page.cards()[listEvent.index]).toBeUndefined();
  }
  switch (listEvent.type) {
    case 'receiver.add':
      return page.user.click(screen.getByRole('button', { name: "Add Receiver's Details" }));
    case 'receiver.change':
      return fill(
        page.user,
        { [labelOf[listEvent.name as keyof typeof labelOf]]: listEvent.value },
        page.dialog(),
      );
    case 'receiver.save':
      return page.user.click(page.dialog().getByRole('button', { name: 'Save' }));
    case 'receiver.cancel':
      return page.user.click(page.dialog().getByRole('button', { name: 'Cancel' }));
    case 'receiver.edit':
    case 'receiver.delete': {
      const verb = listEvent.type === 'receiver.edit' ? 'Edit' : 'Delete';
      return page.user.click(
        page
          .card(listEvent.index)
          .getByRole('button', { name: new RegExp(`^${verb} Receiver ${listEvent.index + 1},`) }),
      );
    }
  }
}

/** The page shows what the list holds: the cards, the dialog, its values and messages (also as toasts after a refused Save). */
async function checkList(page: BulkPage, expected: AnyMachineSnapshot, event: EventObject) {
  const { receivers, entry, errors, editing } = (
    expected as unknown as SnapshotFrom<typeof receiverListMachine>
  ).context;
  if (event.type === 'receiver.save' && expected.matches('dialog'))
    for (const message of new Set(Object.values(errors).flat())) await toast(message);
  await waitFor(() => expectCards(page, receivers));
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
  for (const name of receiverFields) {
    expect(field(labelOf[name], dialog)).toHaveValue(entry[name]);
    const messages = errors[name] ?? [];
    for (const message of messages)
      expect(field(labelOf[name], dialog)).toHaveAccessibleDescription(new RegExp(escape(message)));
    if (!messages.length)
      expect(field(labelOf[name], dialog)).not.toHaveAttribute('aria-invalid', 'true');
  }
}

graphViewSuite('/bulk-delivery receivers', {
  machine: standaloneList,
  input: {},
  // As a user types: the next empty (or wrong) field, or, once all are filled, a wrong phone
  // number or a landmark note longer than the contract takes (issue 37).
  events: (snapshot) => {
    const next = receiverFields.find((name) => !validFields(snapshot.context.entry).includes(name));
    return [
      ...(next
        ? [{ type: 'receiver.change', name: next, value: ada[next] }]
        : [
            { type: 'receiver.change', name: 'phone', value: '12345' },
            { type: 'receiver.change', name: 'landmark', value: 'x'.repeat(LANDMARK_MAX + 1) },
          ]),
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
  limit: 10,
  afterCoverage: 0,
  shows: {
    'receiverList.listing':
      'the cards ("Receiver <n>" with the name) and "<n> receiver(s) on this booking.", no dialog',
    'receiverList.dialog.adding':
      'the dialog "Add Receiver\'s Details" with what was typed and each field\'s messages (also as toasts after Save)',
    'receiverList.dialog.editing':
      'the dialog "Edit Receiver <n>" holding that receiver, with the messages as above',
  },
  open: () => openBulkPage(server.apiUrl, member),
  perform: performOnList,
  check: checkList,
});
