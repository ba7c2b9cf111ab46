/** Deliver Now (/express-delivery) against the real server: the same paths as its machine's graph, through the page. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../api/helpers';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from './render';

vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

let server: TestServer;
let member: { token: string; id: string; profileImage: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  const customer = await signUp(server);
  member = { token: customer.token, id: String(customer.id), profileImage: '', email: customer.email };
});
afterAll(() => server.close());

const labels = {
  pickup_address: 'Pick up Address',
  dilivery_address: 'Delivery Address',
  sender_fullname: "Sender's Full Name",
  receiver_fullname: "Receiver's Full Name",
  sender_number: "Sender's Phone Number",
  receiver_number: "Receiver's Phone Number",
  description: 'Additional information',
};
const booking = {
  pickup_address: '12 Admiralty Way, Lekki, Lagos',
  dilivery_address: '3 Allen Avenue, Ikeja, Lagos',
  sender_fullname: 'Ada Obi',
  receiver_fullname: 'Chinedu Eze',
  sender_number: '0803 123 4567',
  receiver_number: '+2348051234567',
  description: 'A parcel of documents',
};

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

/** A toast (react-toastify loads with the first one). */
const toast = (text: string) =>
  waitFor(() => expect(document.querySelector('.Toastify')).toHaveTextContent(text), { timeout: 5000 });

async function open(apiUrl = server.apiUrl) {
  const app = renderApp('/express-delivery', { apiUrl, session: member });
  await screen.findByRole('heading', { level: 1, name: 'Deliver Now' }, { timeout: 10_000 });
  const fill = async (values: Partial<typeof booking>) => {
    for (const [name, value] of Object.entries(values)) {
      await app.user.clear(input(labels[name as keyof typeof labels]));
      if (value) await app.user.type(input(labels[name as keyof typeof labels]), value);
    }
  };
  return { ...app, fill, book: () => app.user.click(screen.getByRole('button', { name: 'Book Now' })) };
}

describe('/express-delivery', () => {
  it('shows every field with its label, required, the phone fields as telephone inputs, and Back to /delivery', async () => {
    await open();
    for (const label of Object.values(labels)) expect(input(label)).toHaveAttribute('aria-required', 'true');
    expect(input(labels.sender_number)).toHaveAttribute('type', 'tel');
    expect(input(labels.description).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/delivery');
  });

  it('editing → submit refused: says what is missing under each field and stays', async () => {
    const app = await open();
    await app.fill({ ...booking, description: '' });
    await app.book();
    expect(input(labels.description)).toHaveAccessibleDescription(/Please describe the package\./);
    expect(input(labels.description)).toHaveAttribute('aria-invalid', 'true');
    await toast('Please describe the package.');
    expect(app.location().pathname).toBe('/express-delivery');
    // Typing clears the message (field.change).
    await app.user.type(input(labels.description), 'Docs');
    expect(input(labels.description)).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a phone number that is not Nigerian', async () => {
    const app = await open();
    await app.fill({ ...booking, receiver_number: '+44 7700 900123' });
    await app.book();
    expect(input(labels.receiver_number)).toHaveAccessibleDescription(/Enter a Nigerian phone number/);
  });

  it('editing → submitting → error: the server cannot be reached, the toast says so and every field keeps its value', async () => {
    const app = await open('http://127.0.0.1:9/api/v1');
    await app.fill(booking);
    await app.book();
    await toast('An error occurred. Please try again.');
    for (const [name, value] of Object.entries(booking)) expect(input(labels[name as keyof typeof labels])).toHaveValue(value);
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('keeps what was typed across a reload', async () => {
    const app = await open();
    await app.fill({ pickup_address: booking.pickup_address, sender_fullname: booking.sender_fullname });
    app.unmount();
    await open();
    expect(input(labels.pickup_address)).toHaveValue(booking.pickup_address);
    expect(input(labels.sender_fullname)).toHaveValue(booking.sender_fullname);
  });

  it('editing → submitting → succeeded → done: books, says so, and shows the reference on /thank-you after 3 seconds', async () => {
    const app = await open();
    await app.fill(booking);
    await app.book();
    expect(await screen.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    await toast('Delivery created successfully');
    await waitFor(() => expect(app.location().pathname).toBe('/thank-you'), { timeout: 6000 });
    const reference = new URLSearchParams(app.location().search).get('reference');
    expect(reference).toMatch(/^RL-[2-9A-HJ-NP-Z]{10}$/);
    expect(await within(screen.getByRole('main')).findByText(reference!, {}, { timeout: 5000 })).toBeInTheDocument();
    // The draft is gone: the next booking starts empty.
    app.unmount();
    await open();
    expect(input(labels.pickup_address)).toHaveValue('');
  });
});
