/**
 * Bulk delivery (/bulk-delivery) against the real server: the booking itself, its refusals, its
 * draft and its limit. The paths of its machines' graphs (the form and the receiver list) are
 * replayed through the page by ./bulkDelivery.graph.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANDMARK_MESSAGE, MAX_RECEIVERS } from '../../src/api/contract';
import { drafts, type StoredSession } from '../../src/api/storage';
import { inDays } from '../support/api';
import type { TestServer } from '../support/server';
import { ada, openBulkPage, sender } from '../support/view/bulkPage';
import { field, fill, REFERENCE, startWithMember, toast, unreachable } from '../support/view/page';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let member: StoredSession;
beforeAll(async () => ({ server, member } = await startWithMember()));
afterAll(() => server.close());

const open = (apiUrl = server.apiUrl) => openBulkPage(apiUrl, member);

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

  it("refuses a receiver's landmark note that is too long at its field and in a toast, keeping the dialog as typed", async () => {
    const page = await open();
    await page.user.click(screen.getByRole('button', { name: "Add Receiver's Details" }));
    await screen.findByRole('dialog');
    const tooLong = `${ada.landmark} `.repeat(3);
    await fill(
      page.user,
      {
        'Delivery Address': ada.address,
        'Landmark (optional)': tooLong,
        "Receiver's Full Name": ada.name,
        "Receiver's Phone Number": ada.phone,
        'Delivery Date': ada.date,
      },
      page.dialog(),
    );
    await page.user.click(page.dialog().getByRole('button', { name: 'Save' }));
    await toast(LANDMARK_MESSAGE);
    expect(field('Landmark (optional)', page.dialog())).toHaveAccessibleDescription(
      new RegExp(`${LANDMARK_MESSAGE}$`),
    );
    expect(field('Landmark (optional)', page.dialog())).toHaveValue(tooLong);
    expect(field("Receiver's Full Name", page.dialog())).toHaveValue(ada.name);
    expect(page.cards()).toHaveLength(0);
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
      page.cards().map((card) => within(card).getByText('Name').nextElementSibling!.textContent),
    ).toEqual(['Chinedu Okafor', 'Ngozi Okafor']);
    // Each card shows the receiver's landmark under the address.
    expect(page.card(0).getByText('Landmark').nextElementSibling).toHaveTextContent(ada.landmark!);

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
