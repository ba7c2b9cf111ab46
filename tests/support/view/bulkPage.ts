/**
 * /bulk-delivery as a user works it, for its view tests (./delivery-bulk.test.tsx and
 * ./bulkDelivery.graph.test.tsx): the sender's labelled fields, the receiver dialog (its code
 * loads when it is first opened), and each receiver's card with its edit and delete buttons.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Receiver } from '../../../src/api/contract';
import type { StoredSession } from '../../../src/api/storage';
import type { ReceiverField } from '../../../src/machines/receiverListMachine';
import { inDays } from '../api';
import { fill } from './page';
import { renderApp } from './render';

/** The dialog's labels of the receiver's typed fields (the state and LGA are chosen, and optional; so is the landmark). */
export const labelOf: Record<Exclude<ReceiverField, 'state' | 'lga'>, string> = {
  address: 'Delivery Address',
  landmark: 'Landmark (optional)',
  name: "Receiver's Full Name",
  phone: "Receiver's Phone Number",
  date: 'Delivery Date',
};
export const receiverFields = Object.keys(labelOf) as Array<keyof typeof labelOf>;

export const ada: Receiver = {
  address: '1 Marina Road',
  landmark: 'Opposite Total filling station, blue gate',
  name: 'Ada Obi',
  phone: '08051234567',
  date: inDays(2),
};

/** The sender's fields by their labels, picked up the day before `ada` is delivered. */
export const sender = {
  'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
  "Sender's Full Name": 'Bola Ade',
  "Sender's Phone Number": '08031234567',
  'Pick up Date': inDays(1),
  'Additional information': 'Office supplies',
};

export async function openBulkPage(apiUrl: string, session: StoredSession) {
  const app = renderApp('/bulk-delivery', { apiUrl, session });
  await screen.findByRole('heading', { level: 1, name: 'Bulk Delivery' }, { timeout: 10_000 });
  const dialog = () => within(screen.getByRole('dialog'));
  const cards = () => [...document.querySelectorAll<HTMLElement>('.receiver-card')];
  const card = (position: number) => within(cards()[position]!);
  const addReceiver = async (entry: Receiver) => {
    await app.user.click(screen.getByRole('button', { name: "Add Receiver's Details" }));
    await screen.findByRole('dialog');
    await fill(
      app.user,
      Object.fromEntries(receiverFields.map((name) => [labelOf[name], entry[name] ?? ''])),
      dialog(),
    );
    await app.user.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };
  return { ...app, dialog, cards, card, addReceiver };
}
export type BulkPage = Awaited<ReturnType<typeof openBulkPage>>;
