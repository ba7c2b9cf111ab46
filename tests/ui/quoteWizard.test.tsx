/** The 5-step wizard on its three routes, against the real server: the paths of quoteWizardMachine's graph, walked by hand. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANDMARK_MESSAGE } from '../../src/api/contract';
import { SENDING_STOPPED } from '../../src/machines/photoUploadMachine';
import { PHOTO_TOO_LARGE } from '../../src/ui/photos/shrinkPhoto';
import { get, PNG, signUp } from '../support/api';
import { fiveStepQuote } from '../support/fixtures/quotes';
import { startTestServer, type TestServer } from '../support/server';
import {
  button,
  fill,
  input,
  main,
  nodeFile,
  pick,
  stepHeading,
  toast,
} from '../support/view/quoteDriver';
import { startHeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

let server: TestServer;
let session: ReturnType<typeof sessionOf>;

beforeAll(async () => {
  // The quote goes through the photo upload, on the page's XMLHttpRequest, which jsdom holds to
  // CORS as a browser would.
  server = await startTestServer({ corsOrigins: [window.location.origin] });
  session = sessionOf(await signUp(server));
  // jsdom has no object URLs; the picker only needs one to show a preview.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});
afterAll(() => server.close());

const quote = fiveStepQuote();
const from = pick(quote, [
  'moving_from_address',
  'moving_from_apartment_type',
  'number_of_room_moving_from',
  'aptFloor',
]);
const to = pick(quote, [
  'moving_to_address',
  'moving_to_landmark',
  'moving_to_apartment_type',
  'number_of_room_moving_to',
  'toAptFloor',
]);
const additional = pick(quote, ['Services', 'date_of_inspection', 'moving_date', 'description']);

async function open(path: string, title: string, apiUrl = server.apiUrl) {
  const app = renderApp(path, { apiUrl, session });
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
  return app;
}

const picker = () =>
  screen.getByRole('main').querySelector<HTMLInputElement>('input[type="file"]')!;

/** Fills and passes the first three steps. */
async function toUploadMedia(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, from);
  await user.click(button('Next'));
  await stepHeading(/Destination/);
  await fill(user, to);
  await user.click(button('Next'));
  await stepHeading(/Contact Details/);
  await fill(user, pick(quote, ['full_name', 'mobile_phone']));
  await user.click(button('Next'));
  await stepHeading(/Upload Media/);
}

describe('the 5-step wizard', () => {
  it('shows five tabs that only Back and Next switch, and checks each step before Next', async () => {
    const app = await open('/local-quote', 'Local relocation quote');
    const tabs = within(main().getByRole('tablist', { name: 'Quote steps' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '1Current Location',
      '2Destination',
      '3Contact Details',
      '4Upload Media',
      '5Additional Information',
    ]);
    expect(tabs.getByRole('tab', { name: /Current Location/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await app.user.click(tabs.getByRole('tab', { name: /Destination/ }));
    expect(tabs.getByRole('tab', { name: /Current Location/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(main().queryByRole('button', { name: 'Back' })).toBeNull();
    expect(
      main()
        .getByText(/^Current address/)
        .querySelector('.required'),
    ).toHaveTextContent('*');

    await app.user.click(button('Next'));
    expect(input('moving_from_address')).toHaveAccessibleDescription(
      'Please fill in your address.',
    );
    expect(input('aptFloor')).toHaveAccessibleDescription('Select apartment floor.');
    await toast('Select number of rooms.');
    await fill(app.user, from);
    await app.user.click(button('Next'));
    await stepHeading(/Step 2 of 5: Destination/);
    expect(tabs.getByRole('tab', { name: /Destination/ })).toHaveAttribute('aria-selected', 'true');
    await app.user.click(button('Back'));
    await stepHeading(/Step 1 of 5/);
    expect(input('moving_from_address')).toHaveValue(quote.moving_from_address);
  });

  it('lets contact details stay empty, but not wrong', async () => {
    const app = await open('/office-quote', 'Office relocation quote');
    await fill(app.user, from);
    await app.user.click(button('Next'));
    await fill(app.user, to);
    await app.user.click(button('Next'));
    await stepHeading(/Contact Details/);
    expect(
      main()
        .getByText(/^Email/)
        .querySelector('.required'),
    ).toBeNull();
    await fill(app.user, { email: 'ada@' });
    await app.user.click(button('Next'));
    expect(input('email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    await fill(app.user, { email: '' });
    await app.user.click(button('Next'));
    await stepHeading(/Upload Media/);
  });

  it('takes one photo, refusing a non-image and two files with the spec messages, and a photo it cannot make fit', async () => {
    const app = await open('/interstate-quote', 'Inter-state relocation quote');
    await toUploadMedia(app.user);
    const dropzone = await main().findByRole(
      'button',
      { name: /Photo of your items/ },
      { timeout: 10_000 },
    );
    expect(dropzone).toHaveAccessibleDescription(/a big photo is made smaller \(1 MB at most\)/);
    // Dropped as a user could; the picker's own accept filter would hide the wrong kinds.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker(), nodeFile('plain text', 'notes.txt', 'text/plain'));
    await toast('File type must be image/*');
    fireEvent.drop(dropzone, {
      dataTransfer: {
        files: [nodeFile(PNG, 'a.png', 'image/png'), nodeFile(PNG, 'b.png', 'image/png')],
        types: ['Files'],
      },
    });
    await toast('Too many files');
    expect(dropzone).toHaveAccessibleDescription(/Too many files/);
    // jsdom cannot draw a picture to shrink it: one over 1 MB is refused, with the reason.
    await user.upload(picker(), nodeFile(new Uint8Array(1_048_577), 'huge.png', 'image/png'));
    await toast(PHOTO_TOO_LARGE);
    expect(dropzone).toHaveAccessibleDescription(new RegExp(PHOTO_TOO_LARGE.replace(/\./g, '\\.')));

    await user.upload(picker(), nodeFile(PNG, 'kitchen.png', 'image/png'));
    expect(await main().findByRole('img', { name: 'Preview of kitchen.png' })).toBeInTheDocument();
    expect(main().getByText(/^kitchen\.png \(\d+ KB\)/)).toBeInTheDocument();
    expect(dropzone).not.toHaveAccessibleDescription(/could not be made smaller/);
    await app.user.click(button('Remove image'));
    expect(main().queryByRole('img', { name: 'Preview of kitchen.png' })).toBeNull();
  });

  // A photo travels in tests/e2e/quotes.test.ts: jsdom cannot shrink one.
  it('needs a service and both dates, sends the quote, toasts, then /thank-you with the reference', async () => {
    const app = await open('/interstate-quote', 'Inter-state relocation quote');
    await toUploadMedia(app.user);
    await app.user.click(button('Next'));
    await stepHeading(/Additional Information/);
    await app.user.click(button('Submit'));
    expect(main().getByRole('group', { name: /Services/ })).toHaveAccessibleDescription(
      'Choose at least one service.',
    );
    expect(input('date_of_inspection')).toHaveAccessibleDescription(
      'Please choose an inspection date.',
    );
    expect(input('moving_date')).toHaveAccessibleDescription('Please choose your moving date.');
    await fill(app.user, additional);
    await app.user.click(button('Submit'));
    await toast('State service created successfully');
    await waitFor(() => expect(app.location().pathname).toBe('/thank-you'), { timeout: 6000 });
    const reference = new URLSearchParams(app.location().search).get('reference')!;
    expect(reference).toMatch(/^RL-/);
    expect(await screen.findByText(reference)).toBeInTheDocument();
    const orders = await get(server, 'users/orders', session.token);
    expect(orders.body.data).toContainEqual(
      expect.objectContaining({ reference_number: reference, service_type: 'state_service' }),
    );
    // The destination's landmark note went with it; the current home had none (issue 37).
    expect(
      (await get(server, `users/orders/${reference}`, session.token)).body.data.details,
    ).toMatchObject({ moving_from_landmark: null, moving_to_landmark: quote.moving_to_landmark });
    expect(window.sessionStorage.getItem('draft:interstate-quote')).toBeNull();
  });

  it('refuses a landmark note that is too long at its field and as a toast, and keeps what was typed', async () => {
    const app = await open('/local-quote', 'Local relocation quote');
    const tooLong = 'Opposite the blue gate '.repeat(6).trim(); // 137 characters
    await fill(app.user, { ...from, moving_from_landmark: tooLong });
    await app.user.click(button('Next'));
    await toast(LANDMARK_MESSAGE);
    expect(input('moving_from_landmark')).toHaveAccessibleDescription(
      new RegExp(`${LANDMARK_MESSAGE}$`),
    );
    expect(input('moving_from_landmark')).toHaveValue(tooLong);
    expect(input('moving_from_address')).toHaveValue(from.moving_from_address);
    await fill(app.user, { moving_from_landmark: 'Opposite the blue gate' });
    await app.user.click(button('Next'));
    await stepHeading(/Destination/);
  });

  it('keeps everything typed when the network drops: Try again sends the same quote again, Cancel gives the form back, and a reload keeps it', async () => {
    const api = await startHeldApi(server.apiUrl);
    const app = await open('/office-quote', 'Office relocation quote', api.apiUrl);
    await toUploadMedia(app.user);
    await main().findByRole('button', { name: /Photo of your items/ }, { timeout: 10_000 });
    await app.user.click(button('Next'));
    await fill(app.user, additional);
    api.hold(/Office-service/);
    await app.user.click(button('Submit'));
    await api.fail();
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(
      'The form was not sent: the connection dropped or the server did not answer. Everything you typed is kept.',
    );
    expect(button('Submitting...')).toBeDisabled();
    api.hold(/Office-service/);
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await api.fail();
    const again = await main().findByRole('alert');
    expect(api.idempotencyKeys).toHaveLength(2);
    expect(api.idempotencyKeys[1]).toBe(api.idempotencyKeys[0]);
    await app.user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await toast(SENDING_STOPPED);
    expect(main().queryByRole('alert')).toBeNull();
    expect(input('description')).toHaveValue(quote.description);
    expect(button('Submit')).toBeEnabled();
    await app.user.click(button('Back'));
    await stepHeading(/Upload Media/);

    app.unmount();
    await api.close();
    await open('/office-quote', 'Office relocation quote');
    expect(input('moving_from_address')).toHaveValue(quote.moving_from_address);
    expect(input('aptFloor')).toHaveValue(quote.aptFloor);
  });
});
