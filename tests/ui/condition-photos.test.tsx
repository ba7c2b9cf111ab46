/**
 * A move's photos of the goods' condition (docs/crews.md, "Proof of delivery"), against the real
 * server: the crew member takes them on /crew with the loading's Picked up and with the
 * unloading's code (made smaller on the phone, optional); staff see them on the order's Stops part
 * once taken; the customer sees them beside the proof once the move is delivered, on the order
 * page and on the private tracking link's page (/t/<token>).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../src/api/storage';
import { startTrackLinkPage } from '../../src/ui/trackLink/page';
import { issueToken } from '../../server/messages/track-links';
import { inDays, PNG, post, quote, signUp, type Customer } from '../support/api';
import { storedStops } from '../support/crew-jobs';
import { assign, makeCrew } from '../support/crews';
import { waitUntil } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { textsTo } from '../support/texts';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let server: TestServer;
let staff: Customer;
let customer: Customer;
let member: Customer;

const sessionOf = (account: Customer, role: StoredSession['role']): StoredSession => ({
  token: account.token,
  id: String(account.id),
  profileImage: '',
  email: account.email,
  role,
});

beforeAll(async () => {
  // Photos go with their progress on the page's XMLHttpRequest, which jsdom holds to CORS.
  server = await startTestServer({ corsOrigins: [window.location.origin] });
  [staff, customer, member] = await Promise.all([
    signUpStaff(server),
    signUp(server),
    signUp(server),
  ]);
});
afterAll(() => server.close());

const main = () => within(screen.getByRole('main'));
const wait = { timeout: 10_000 };
const CONDITION = /^Photo \d of the goods’ condition at /;

/** The order page's Stops part, for `account`; answers its stops' items. */
async function stopsOn(path: string, session: StoredSession) {
  const view = renderApp(path, { apiUrl: server.apiUrl, session });
  const part = await screen.findByRole('region', { name: 'Stops' }, wait);
  const [list] = within(part).getAllByRole('list');
  const items = Array.from(list!.children) as HTMLElement[];
  return { view, items };
}

/** The crew's page with the job's stops, `which` of them. */
async function crewStop(reference: string, which: number) {
  const view = renderApp('/crew', { apiUrl: server.apiUrl, session: sessionOf(member, 'crew') });
  const job = (await screen.findByText(reference, {}, wait)).closest('article')!;
  const stop = job.querySelectorAll<HTMLElement>('li.crew-stop')[which]!;
  return { view, stop: within(stop) };
}

describe('a move’s condition photos', () => {
  it('are taken by the crew at the loading and with the unloading’s code, seen by staff at once and by the customer after delivery', async () => {
    const booked = await post(server, 'users/state-service', quote(), customer.token);
    const reference: string = booked.body.data.reference_number;
    const crew = await makeCrew(server, staff.token, { members: [member.email] });
    const window = { date: inDays(1), window_start: '09:00', window_end: '11:00' };
    expect((await assign(server, staff.token, reference, crew.id, window)).status).toBe(200);
    const stored = await storedStops(server, reference);
    const linkToken = await issueToken(
      server.app.db,
      stored[0]!.shipment_id,
      stored[1]!.contact_phone,
      'customer',
    );

    // The loading: Picked up asks for the goods' condition, none needed; one photo taken.
    const loading = await crewStop(reference, 0);
    await loading.view.user.click(loading.stop.getByRole('button', { name: 'On the way' }));
    await loading.view.user.click(
      await loading.stop.findByRole('button', { name: 'Picked up' }, wait),
    );
    const form = await loading.stop.findByRole('form', { name: 'Picked up' }, wait);
    expect(form).toHaveTextContent('Photos of the goods’ condition (optional, 0 of 3)');
    await loading.view.user.upload(
      within(form).getByLabelText('Photo of the goods’ condition'),
      new File([PNG], 'sofa.png', { type: 'image/png' }),
    );
    await within(form).findByRole('img', { name: 'Photo 1' }, wait);
    expect(form).toHaveTextContent('(optional, 1 of 3)');
    await loading.view.user.click(within(form).getByRole('button', { name: 'Confirm loading' }));
    await loading.stop.findByText('Picked up', { selector: '.crew-state' }, wait);
    loading.view.unmount();

    // Staff see the loading's photo at once; the customer not before delivery.
    const staffStops = await stopsOn(`/staff/orders/${reference}`, sessionOf(staff, 'staff'));
    expect(within(staffStops.items[0]!).getAllByRole('img', { name: CONDITION })).toHaveLength(1);
    staffStops.view.unmount();
    const ownerBefore = await stopsOn(`/orders/${reference}`, sessionOf(customer, 'customer'));
    expect(main().queryAllByRole('img', { name: CONDITION })).toEqual([]);
    ownerBefore.view.unmount();

    // The unloading: its code form takes condition photos too; the code comes by text.
    const unloading = await crewStop(reference, 1);
    await unloading.view.user.click(unloading.stop.getByRole('button', { name: 'On the way' }));
    await unloading.view.user.click(
      await unloading.stop.findByRole('button', { name: 'Delivered' }, wait),
    );
    const codeForm = await unloading.stop.findByRole('form', { name: 'Delivered' }, wait);
    await unloading.view.user.upload(
      within(codeForm).getByLabelText('Photo of the goods’ condition'),
      new File([PNG], 'boxes.png', { type: 'image/png' }),
    );
    await within(codeForm).findByRole('img', { name: 'Photo 1' }, wait);
    const codeIn = (text: { sms: string }) => /Your handover code is (\d{4})/.exec(text.sms)?.[1];
    await waitUntil('the handover code', () =>
      textsTo(server, stored[1]!.contact_phone).some(codeIn),
    );
    const code = codeIn(textsTo(server, stored[1]!.contact_phone).find(codeIn)!)!;
    await unloading.view.user.type(within(codeForm).getByLabelText(/Code from the receiver/), code);
    await unloading.view.user.click(
      within(codeForm).getByRole('button', { name: 'Confirm delivery' }),
    );
    await unloading.stop.findByText('Delivered', { selector: '.crew-state' }, wait);
    unloading.view.unmount();

    // Delivered: the customer sees both stops' photos, beside the proof, as signed links.
    const owner = await stopsOn(`/orders/${reference}`, sessionOf(customer, 'customer'));
    const [loadingItem, unloadingItem] = owner.items;
    const loadingPhoto = within(loadingItem!).getByRole('img', { name: CONDITION });
    expect(loadingPhoto.getAttribute('src')).toMatch(/^\/uploads\/.+\?expires=\d+&signature=/);
    expect(loadingPhoto.closest('a')).toHaveAttribute('href', loadingPhoto.getAttribute('src'));
    expect(within(unloadingItem!).getAllByRole('img', { name: CONDITION })).toHaveLength(1);
    expect(unloadingItem).toHaveTextContent(/with the handover code/);
    owner.view.unmount();

    // The private link's page shows them the same way.
    document.body.replaceChildren();
    const page = document.createElement('main');
    document.body.append(page);
    vi.stubEnv('VITE_API_BASE_URL', server.apiUrl);
    startTrackLinkPage(page, linkToken);
    const linkStops = await within(page).findByRole('region', { name: 'Stops' }, wait);
    await waitFor(() =>
      expect(within(linkStops).getAllByRole('img', { name: CONDITION })).toHaveLength(2),
    );
  });
});
