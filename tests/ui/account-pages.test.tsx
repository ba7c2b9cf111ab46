/** The account pages of a signed-in customer, against the real server. */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_MOBILE_MESSAGE } from '../../src/api/contract/rules';
import { get, PASSWORD, PNG, post, signUp } from '../support/api';
import { bookDelivery } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { PHOTO_TOO_LARGE } from '../../src/ui/photos/shrinkPhoto';
import { startHeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

// A real server starts before these run; the success paths include the spec's 3-second wait.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;

beforeAll(async () => {
  // A profile with a picture goes through the photo upload, on the page's XMLHttpRequest, which
  // jsdom holds to CORS as a browser would.
  server = await startTestServer({ corsOrigins: [window.location.origin] });
  // jsdom has no object URLs; the picker only needs one to show a preview.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});
afterAll(() => server.close());

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));
const unreachable = 'http://127.0.0.1:9/api/v1';
const NOT_AN_IMAGE = 'File type must be an image: PNG, JPEG, WebP or GIF.';

describe('/profile', () => {
  it('shows the side menu, the two sections and no bookings yet', async () => {
    const customer = await signUp(server);
    renderApp('/profile', { apiUrl: server.apiUrl, session: sessionOf(customer) });
    await heading('Account');
    const menu = within(screen.getByRole('navigation', { name: 'Account menu' }));
    expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile-update');
    expect(menu.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('button', { name: 'Log Out' })).toBeEnabled();
    expect(main().getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    expect(main().getByRole('link', { name: 'Delete account' })).toHaveAttribute(
      'href',
      '/deactivate-account',
    );
    expect(await main().findByText(/No bookings yet/)).toBeInTheDocument();
  });

  it('lists the bookings newest first, each linking to its tracking page', async () => {
    const customer = await signUp(server);
    const first = await bookDelivery(server, customer.token);
    const second = await bookDelivery(server, customer.token);
    renderApp('/profile', { apiUrl: server.apiUrl, session: sessionOf(customer) });
    const bookings = await main().findAllByRole(
      'link',
      { name: /^Track RL-/ },
      { timeout: 10_000 },
    );
    expect(bookings.map((link) => link.textContent)).toEqual([second, first]);
    expect(bookings[0]).toHaveAttribute('href', `/package-details?reference=${second}`);
    const row = within(bookings[0]!.closest('li')!);
    // The customer's words for the service (issue 35), not the tracking page's.
    expect(row.getByText('Scheduled delivery')).toBeInTheDocument();
    expect(row.getByText('To Inspect')).toBeInTheDocument();
  });

  it('shows 50 bookings, then the next page with Show more: busy while it loads, a failure kept with a retry', async () => {
    const customer = await signUp(server);
    const references: string[] = [];
    for (let booked = 0; booked < 52; booked += 4) {
      references.push(
        ...(await Promise.all(
          Array.from({ length: 4 }, () => bookDelivery(server, customer.token)),
        )),
      );
    }
    const held = await startHeldApi(server.apiUrl);
    try {
      const app = renderApp('/profile', { apiUrl: held.apiUrl, session: sessionOf(customer) });
      const bookings = () => main().getAllByRole('link', { name: /^Track RL-/ });
      const more = await main().findByRole('button', { name: 'Show more' }, { timeout: 10_000 });
      expect(bookings()).toHaveLength(50);

      // The client tries a list call three times before it gives up: drop all three.
      held.hold();
      await app.user.click(more);
      const busy = main().getByRole('button', { name: 'Loading more…' });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await held.fail();
        if (attempt < 2) held.hold();
      }
      const alert = await main().findByRole('alert', {}, { timeout: 10_000 });
      expect(alert).toHaveTextContent('An error occurred. Please try again.');
      expect(bookings()).toHaveLength(50);

      await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(bookings()).toHaveLength(52), { timeout: 10_000 });
      expect(new Set(bookings().map((link) => link.textContent))).toEqual(new Set(references));
      expect(main().queryByRole('button', { name: /Show more|Loading more/ })).toBeNull();
      expect(main().queryByRole('alert')).toBeNull();
    } finally {
      held.releaseAll();
      await held.close();
    }
  });

  it('says when the bookings cannot be loaded and offers to try again', async () => {
    renderApp('/profile', {
      apiUrl: unreachable,
      session: { token: 'some-token', id: '1', profileImage: '', email: 'a@example.com' },
    });
    const alert = await main().findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('An error occurred. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('logs out: signed out, home, and the token no longer works', async () => {
    const customer = await signUp(server);
    const app = renderApp('/profile', { apiUrl: server.apiUrl, session: sessionOf(customer) });
    await heading('Account');
    await app.user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Log In' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
  });
});

/** Opens the image picker with its button (its code loads then); the drop zone takes the focus. Answers the file input. */
async function openImagePicker(user: {
  click: (element: Element) => Promise<void>;
}): Promise<HTMLInputElement> {
  await user.click(main().getByRole('button', { name: 'Add a profile image' }));
  const zone = await main().findByRole('button', { name: 'Profile image' }, { timeout: 10_000 });
  expect(zone).toHaveFocus();
  return screen.getByRole('main').querySelector<HTMLInputElement>('input[type="file"]')!;
}

describe('/profile-update', () => {
  it('fills the form from the profile and saves the new name', async () => {
    const customer = await signUp(server);
    const app = renderApp('/profile-update', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await heading('Profile');
    const name = await main().findByLabelText(/Full name/, {}, { timeout: 10_000 });
    expect(name).toHaveValue('Ada Obi');
    expect(main().getByLabelText(/Mobile number/)).toHaveValue('+2348031234567');
    expect(main().getByLabelText('Email')).toHaveValue(customer.email);
    expect(main().getByLabelText('Email')).toHaveAttribute('readonly');

    await app.user.clear(name);
    await app.user.type(name, 'Ada Nneka Obi');
    await app.user.click(main().getByRole('button', { name: 'Update profile' }));
    expect(await screen.findByText('User Profile updated successfully')).toBeInTheDocument();
    expect(name).toHaveValue('Ada Nneka Obi');
    expect((await get(server, 'users/profile', customer.token)).body.data.fullname).toBe(
      'Ada Nneka Obi',
    );
  });

  it('previews a picked image before it is sent', async () => {
    const customer = await signUp(server);
    const app = renderApp('/profile-update', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await main().findByLabelText(/Full name/, {}, { timeout: 10_000 });
    const picker = await openImagePicker(app.user);
    await app.user.upload(
      picker,
      new NodeFile([PNG], 'me.png', { type: 'image/png' }) as unknown as File,
    );
    expect(main().getByRole('img', { name: 'Preview of me.png' })).toBeInTheDocument();
    await app.user.click(main().getByRole('button', { name: 'Remove image' }));
    expect(main().queryByRole('img', { name: 'Preview of me.png' })).toBeNull();
  });

  it('says what is wrong under the field and sends nothing', async () => {
    const customer = await signUp(server);
    const app = renderApp('/profile-update', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    const phone = await main().findByLabelText(/Mobile number/, {}, { timeout: 10_000 });
    await app.user.clear(phone);
    await app.user.type(phone, '12345');
    await app.user.click(main().getByRole('button', { name: 'Update profile' }));
    expect(phone).toHaveAccessibleDescription(/Enter a Nigerian phone number/);
    expect(phone).toHaveValue('12345');
    expect((await get(server, 'users/profile', customer.token)).body.data.phone).toBe(
      '+2348031234567',
    );
  });

  it('refuses a number that is not a Nigerian mobile under the field and as a toast, keeping what was typed', async () => {
    const customer = await signUp(server);
    const app = renderApp('/profile-update', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    const phone = await main().findByLabelText(/Mobile number/, {}, { timeout: 10_000 });
    await app.user.clear(phone);
    await app.user.type(phone, '0201 234 5678');
    await app.user.click(main().getByRole('button', { name: 'Update profile' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(NOT_MOBILE_MESSAGE));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(
      await screen.findByText(NOT_MOBILE_MESSAGE, { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(phone).toHaveValue('0201 234 5678');
    expect(main().getByLabelText(/Full name/)).toHaveValue('Ada Obi');
  });

  // Storing a picture is a browser test (tests/e2e/tracking-account.test.ts): inside jsdom the
  // in-process server cannot read uploaded bytes (its typed arrays come from another realm), so
  // the gate answers here what the server says of a picture it refuses.
  it('sends a picked picture with the profile, showing how much has gone; a refusal stays under the picker', async () => {
    const customer = await signUp(server);
    const api = await startHeldApi(server.apiUrl);
    const app = renderApp('/profile-update', { apiUrl: api.apiUrl, session: sessionOf(customer) });
    await main().findByLabelText(/Full name/, {}, { timeout: 10_000 });
    const picker = await openImagePicker(app.user);
    // jsdom's own File: the page's XMLHttpRequest is jsdom's, and carries its own realm's bytes.
    await app.user.upload(picker, new File([PNG], 'me.png', { type: 'image/png' }));
    await main().findByRole('img', { name: 'Preview of me.png' });
    api.hold(/users\/edit/);
    await app.user.click(main().getByRole('button', { name: 'Update profile' }));
    expect(
      await main().findByRole('progressbar', { name: /^Sending your photo… \d+ %$/ }),
    ).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Updating...' })).toBeDisabled();
    await api.answer(422, { message: NOT_AN_IMAGE, errors: { profile_image: [NOT_AN_IMAGE] } });
    await waitFor(() =>
      expect(document.querySelector('.Toastify')).toHaveTextContent(NOT_AN_IMAGE),
    );
    expect(main().getByRole('button', { name: 'Profile image' })).toHaveAccessibleDescription(
      new RegExp(NOT_AN_IMAGE.replace(/\./g, '\\.')),
    );
    expect(main().getByRole('img', { name: 'Preview of me.png' })).toBeInTheDocument();
    expect(main().queryByRole('progressbar')).toBeNull();
    expect(main().getByRole('button', { name: 'Update profile' })).toBeEnabled();
    await api.close();
  });

  it('refuses a picture over 1 MB that it cannot make smaller, saying why under the picker', async () => {
    const customer = await signUp(server);
    const app = renderApp('/profile-update', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await main().findByLabelText(/Full name/, {}, { timeout: 10_000 });
    const picker = await openImagePicker(app.user);
    const big = new NodeFile([new Uint8Array(1_048_577)], 'big.png', {
      type: 'image/png',
    }) as unknown as File;
    await app.user.upload(picker, big);
    // jsdom cannot draw a picture, so cannot shrink one (src/ui/photos/shrinkPhoto.ts).
    expect(await main().findByText(PHOTO_TOO_LARGE)).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Profile image' })).toHaveAccessibleDescription(
      new RegExp(PHOTO_TOO_LARGE.replace(/\./g, '\\.')),
    );
  });
});

describe('/change-password', () => {
  it('says the new passwords do not match, then changes it, signs out and asks for the new one on the login page', async () => {
    const customer = await signUp(server);
    const app = renderApp('/change-password', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await heading('Change password');
    await app.user.type(main().getByLabelText(/Old password/), PASSWORD);
    await app.user.type(main().getByLabelText(/^New password/), 'Jollof rice 2025!');
    await app.user.type(main().getByLabelText(/Confirm new password/), 'Jollof rice 2024!');
    await app.user.click(main().getByRole('button', { name: 'Change password' }));
    expect(main().getByLabelText(/Confirm new password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    );

    await app.user.clear(main().getByLabelText(/Confirm new password/));
    await app.user.type(main().getByLabelText(/Confirm new password/), 'Jollof rice 2025!');
    await app.user.click(main().getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/login'), { timeout: 6000 });
    await heading('Log In');
    expect(main().getByRole('status')).toHaveTextContent(
      /Your password has changed and every device was logged out\. Please log in with your new password\./,
    );
    expect(main().getByLabelText(/^Email/)).toHaveValue(customer.email);
    await waitFor(() =>
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Log In' }),
      ).toBeInTheDocument(),
    );
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    expect(
      (await post(server, 'login', { email: customer.email, password: 'Jollof rice 2025!' }))
        .status,
    ).toBe(200);
    expect(
      (await post(server, 'login', { email: customer.email, password: PASSWORD })).status,
    ).toBe(400);
  });

  it("shows the server's word on a wrong old password and keeps what was typed", async () => {
    const customer = await signUp(server);
    const app = renderApp('/change-password', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await heading('Change password');
    await app.user.type(main().getByLabelText(/Old password/), 'Not my password 1');
    await app.user.type(main().getByLabelText(/^New password/), 'Jollof rice 2025!');
    await app.user.type(main().getByLabelText(/Confirm new password/), 'Jollof rice 2025!');
    await app.user.click(main().getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(main().getByLabelText(/Old password/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(main().getByLabelText(/Old password/)).toHaveValue('Not my password 1');
    expect(app.location().pathname).toBe('/change-password');
  });
});

describe('/deactivate-account', () => {
  it('refuses a wrong password, then deletes the account, ends the session and goes home', async () => {
    const customer = await signUp(server);
    const app = renderApp('/deactivate-account', {
      apiUrl: server.apiUrl,
      session: sessionOf(customer),
    });
    await heading('Delete account');
    await app.user.type(main().getByLabelText(/Why are you leaving/), 'Moving abroad');
    await app.user.type(main().getByLabelText(/^Password/), 'Not my password 1');
    await app.user.click(main().getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(main().getByLabelText(/^Password/)).toHaveAccessibleDescription(
        'Your password is not correct.',
      ),
    );

    await app.user.clear(main().getByLabelText(/^Password/));
    await app.user.type(main().getByLabelText(/^Password/), PASSWORD);
    await app.user.click(main().getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('User data deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/'), { timeout: 6000 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Log In' }),
      ).toBeInTheDocument(),
    );
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(
      (await post(server, 'login', { email: customer.email, password: PASSWORD })).status,
    ).toBe(400);
  });
});
