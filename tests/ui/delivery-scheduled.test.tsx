/** Scheduled delivery (/schedule-delivery) against the real server: the paths of its machine's graph, through the page. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../src/api/storage';
import { inDays } from '../support/api';
import type { TestServer } from '../support/server';
import { field, fill, REFERENCE, startWithMember, toast } from '../support/view/page';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

let server: TestServer;
let member: StoredSession;
beforeAll(async () => ({ server, member } = await startWithMember()));
afterAll(() => server.close());

const booking = {
  'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
  'Delivery Address': '4 Aminu Kano Crescent, Wuse 2, Abuja',
  "Sender's Full Name": 'Ada Obi',
  "Receiver's Full Name": 'Chinedu Eze',
  "Sender's Phone Number": '08031234567',
  "Receiver's Phone Number": '08051234567',
  'Pick up Date': inDays(1),
  'Delivery Date': inDays(3),
  'Additional information': 'Two boxes of books',
};

async function open() {
  const app = renderApp('/schedule-delivery', { apiUrl: server.apiUrl, session: member });
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Schedule a Delivery' },
    { timeout: 10_000 },
  );
  return { ...app, book: () => app.user.click(screen.getByRole('button', { name: 'Book Now' })) };
}

describe('/schedule-delivery', () => {
  it('shows the nine fields with their labels and input types, Back and Book Now', async () => {
    await open();
    for (const label of Object.keys(booking))
      expect(field(label)).toHaveAttribute('aria-required', 'true');
    expect(field("Sender's Phone Number")).toHaveAttribute('type', 'tel');
    expect(field("Receiver's Phone Number")).toHaveAttribute('type', 'tel');
    expect(field('Pick up Date')).toHaveAttribute('type', 'date');
    expect(field('Delivery Date')).toHaveAttribute('type', 'date');
    expect(field('Additional information').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/delivery');
  });

  it('editing → submit refused: a pickup in the past and a delivery before the pickup are refused under their fields', async () => {
    const app = await open();
    await fill(app.user, { ...booking, 'Pick up Date': inDays(-1) });
    await app.book();
    expect(field('Pick up Date')).toHaveAccessibleDescription(/Pick today or a later date\./);
    await toast('Pick today or a later date.');
    await fill(app.user, { 'Pick up Date': inDays(4), 'Delivery Date': inDays(2) });
    await app.book();
    expect(field('Delivery Date')).toHaveAccessibleDescription(
      /Delivery cannot be before pickup\./,
    );
    // The delivery date picker starts at the pickup date.
    expect(field('Delivery Date')).toHaveAttribute('min', inDays(4));
    expect(app.location().pathname).toBe('/schedule-delivery');
  });

  it('editing → submitting → succeeded → done: books, says so, and shows the reference on /thank-you', async () => {
    const app = await open();
    await fill(app.user, booking);
    await app.book();
    expect(await screen.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    await toast('Delivery created successfully');
    await waitFor(() => expect(app.location().pathname).toBe('/thank-you'), { timeout: 6000 });
    const reference = new URLSearchParams(app.location().search).get('reference');
    expect(reference).toMatch(REFERENCE);
    expect(
      await within(screen.getByRole('main')).findByText(reference!, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
