/** /get-quote, the 3-step form, against the real server: the paths of quoteMachine's graph, walked by hand. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUOTE_ERROR, GENERIC_ERROR } from '../../src/api/contract';
import { get, PNG, signUp } from '../support/api';
import { threeStepQuote } from '../support/fixtures/quotes';
import { startTestServer, type TestServer } from '../support/server';
import {
  button,
  fill,
  input,
  main,
  nodeFile,
  pick,
  stepHeading,
  stepOneKeys,
  toast,
} from '../support/view/quoteDriver';
import { renderApp, sessionOf } from '../support/view/render';
import { unreachable } from '../support/view/page';

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

let server: TestServer;
let session: ReturnType<typeof sessionOf>;

beforeAll(async () => {
  server = await startTestServer();
  session = sessionOf(await signUp(server));
});
afterAll(() => server.close());

const quote = threeStepQuote();
const contact = pick(quote, ['full_name', 'email', 'mobile_phone']);
const rest = pick(quote, ['Services', 'moving_date', 'date_of_inspection', 'description', 'terms']);

async function open(apiUrl = server.apiUrl) {
  const app = renderApp('/get-quote', { apiUrl, session });
  await screen.findByRole('heading', { level: 1, name: 'Get A Quote' }, { timeout: 10_000 });
  return app;
}

const progress = () => main().getByRole('progressbar');

/** Fills steps 1 and 2 correctly and lands on step 3. */
async function toServicesStep(app: Awaited<ReturnType<typeof open>>) {
  await fill(app.user, pick(quote, stepOneKeys));
  await app.user.click(button('Next'));
  await stepHeading('How can we reach you?');
  await fill(app.user, contact);
  await app.user.click(button('Next'));
  await stepHeading('What do you need?');
}

describe('/get-quote', () => {
  it('checks step 1 in the spec order, destination floor too, under each field and as toasts; no Back on step 1', async () => {
    const app = await open();
    await stepHeading('Where are you moving?');
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(main().queryByRole('button', { name: 'Back' })).toBeNull();
    await fill(app.user, { ...pick(quote, stepOneKeys), toAptFloor: '' });
    await app.user.click(button('Next'));
    expect(input('toAptFloor')).toHaveAccessibleDescription('Select apartment floor.');
    await toast('Select apartment floor.');
    await app.user.selectOptions(input('toAptFloor'), []);
    await fill(app.user, { moving_from_address: '', moving_to_apartment_type: '' });
    await app.user.click(button('Next'));
    expect(input('moving_from_address')).toHaveAccessibleDescription(
      'Please fill in your address.',
    );
    expect(input('moving_to_apartment_type')).toHaveAccessibleDescription('Select apartment type.');
    await toast('Please fill in your address.');
    await toast('Select apartment type.');
    expect(input('aptFloor')).not.toHaveAccessibleDescription();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
  });

  it('needs name, email and a Nigerian mobile number on step 2; Back keeps step 1 as typed', async () => {
    const app = await open();
    await stepHeading('Where are you moving?');
    await fill(app.user, pick(quote, stepOneKeys));
    await app.user.click(button('Next'));
    await stepHeading('How can we reach you?');
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    await fill(app.user, { full_name: '', email: 'ada@', mobile_phone: '0803' });
    await app.user.click(button('Next'));
    expect(input('full_name')).toHaveAccessibleDescription('Please fill in your name.');
    expect(input('email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(input('mobile_phone')).toHaveAccessibleDescription(/Enter a Nigerian phone number/);
    await app.user.click(button('Back'));
    await stepHeading('Where are you moving?');
    expect(input('moving_from_address')).toHaveValue(quote.moving_from_address);
    expect(input('toAptFloor')).toHaveValue(quote.toAptFloor);
  });

  it('needs a service and the terms box on step 3, lists the chosen photos and videos, and refuses other files', async () => {
    const app = await open();
    await toServicesStep(app);
    await app.user.click(button('Submit'));
    expect(main().getByRole('group', { name: /Services/ })).toHaveAccessibleDescription(
      'Choose at least one service.',
    );
    expect(
      main().getByRole('checkbox', { name: /I accept the terms/ }),
    ).toHaveAccessibleDescription('Please accept the terms and conditions.');

    // The photo picker loads when its step is first shown.
    const picker = await waitFor(() => {
      const found = screen.getByRole('main').querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('The photo picker has not loaded yet.');
      return found;
    });
    await app.user.upload(picker, [
      nodeFile(PNG, 'kitchen.png', 'image/png'),
      nodeFile('....', 'hallway.mp4', 'video/mp4'),
    ]);
    const chosen = within(main().getByRole('list', { name: 'Chosen files' }));
    expect(chosen.getByText('kitchen.png')).toBeInTheDocument();
    expect(chosen.getByText('hallway.mp4')).toBeInTheDocument();
    await app.user.click(chosen.getByRole('button', { name: 'Remove kitchen.png' }));
    expect(chosen.queryByText('kitchen.png')).toBeNull();
    // The browser's picker honours `accept`; a dropped file does not, so the form says why.
    fireEvent.drop(picker.parentElement!, {
      dataTransfer: {
        files: [nodeFile('plain text', 'notes.txt', 'text/plain')],
        types: ['Files'],
      },
    });
    await waitFor(() =>
      expect(picker.parentElement).toHaveAccessibleDescription(
        /File type must be one of image\/\*, video\/\*/,
      ),
    );
    await toast('File type must be one of image/*, video/*');
  });

  it('sends the quote, shows the message and the reference, then goes home after 3 seconds', async () => {
    const app = await open();
    await toServicesStep(app);
    await fill(app.user, rest);
    await app.user.click(button('Submit'));
    expect(
      await main().findByText('State service created successfully', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const reference = within(main().getByRole('status')).getByText(/^RL-/).textContent!;
    await toast('State service created successfully');
    const orders = await get(server, 'users/orders', session.token);
    expect(orders.body.data).toContainEqual(
      expect.objectContaining({ reference_number: reference, service_type: 'state_service' }),
    );
    await waitFor(() => expect(app.location().pathname).toBe('/'), { timeout: 6000 });
    expect(window.sessionStorage.getItem('draft:get-quote')).toBeNull();
  });

  it('keeps everything typed when the call fails, shows every message, and after a reload too', async () => {
    const app = await open(unreachable);
    await toServicesStep(app);
    await fill(app.user, rest);
    await app.user.click(button('Submit'));
    await toast(QUOTE_ERROR);
    await toast(GENERIC_ERROR);
    expect(main().getByText(QUOTE_ERROR)).toBeInTheDocument();
    expect(input('description')).toHaveValue(quote.description);
    expect(main().getByRole('button', { name: 'Submit' })).toBeEnabled();

    app.unmount();
    const reloaded = await open();
    await stepHeading('Where are you moving?');
    expect(input('moving_to_address')).toHaveValue(quote.moving_to_address);
    await reloaded.user.click(button('Next'));
    await stepHeading('How can we reach you?');
    expect(input('email')).toHaveValue(quote.email);
  });
});
