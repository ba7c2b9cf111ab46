import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faq } from '../../src/content/faq';
import { terms } from '../../src/content/terms';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const main = () => within(screen.getByRole('main'));

describe('the marketing pages', () => {
  it('home: the headline for everyone from the start, both buttons, services, why us, consultation, about and partner', async () => {
    renderApp('/');
    expect(
      await heading("We don't just move boxes, we move memories, lives and dreams."),
    ).toBeInTheDocument();
    expect(main().getByText('We ensure a smooth moving experience.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Book a Delivery' })).toHaveAttribute(
      'href',
      '/delivery',
    );
    expect(main().getByRole('link', { name: 'Get a Relocation Quote' })).toHaveAttribute(
      'href',
      '/relocation',
    );
    expect(main().getByRole('heading', { name: 'Relocation Services' })).toBeInTheDocument();
    expect(
      main().getByRole('link', { name: 'Learn more about Relocation Services' }),
    ).toHaveAttribute('href', '/relocation');
    expect(
      main().getByRole('link', { name: 'Learn more about Delivery Services' }),
    ).toHaveAttribute('href', '/delivery');
    for (const claim of ['Reliable', 'Expertise', 'Seamless Operations', '24/7 Customer Care']) {
      expect(main().getByRole('heading', { name: claim })).toBeInTheDocument();
    }
    expect(
      main().getByRole('heading', { name: 'Want to book an appointment for consultation?' }),
    ).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'tel:+2348012345678',
    );
    expect(main().getByRole('link', { name: 'Learn more about us' })).toHaveAttribute(
      'href',
      '/about',
    );
    expect(main().getByRole('link', { name: 'Join our team' })).toHaveAttribute('href', '/partner');
    // The title is set in an effect, which React may run a moment after the page's first paint.
    await waitFor(() =>
      expect(document.title).toBe('Relocation and package delivery in Nigeria | Relo Logistics'),
    );
  });

  it('about: who we are, vision and mission', async () => {
    renderApp('/about');
    await heading('About Us');
    for (const name of ['Who We Are', 'Our Vision', 'Our Mission'])
      expect(main().getByRole('heading', { name })).toBeInTheDocument();
    expect(
      main().getByText(/leading and most reliable delivery and relocation company in Africa/),
    ).toBeInTheDocument();
  });

  it('services: four tiles', async () => {
    renderApp('/services');
    await heading('Our Services');
    const tiles = ['Office Move', 'Deliver a Package', 'Local Move', 'Inter-state Move'];
    for (const name of tiles)
      expect(main().getByRole('heading', { level: 2, name })).toBeInTheDocument();
  });

  it('relocation: service cards under #relocation-services, testimonials and a call banner', async () => {
    renderApp('/relocation');
    await heading('Relocation made simple');
    const services = document.getElementById('relocation-services')!;
    const links = within(services)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/interstate', '/local', '/office']);
    expect(main().getByRole('button', { name: 'Next testimonials' })).toBeInTheDocument();
    expect(main().getByRole('list', { name: /What our customers say/ })).toBeInTheDocument();
  });

  it("delivery: service cards under #delivery-services, 'Get Started', and 'Got issues BOOKING?' with a phone link", async () => {
    renderApp('/delivery');
    await heading('Deliveries you can count on');
    const services = document.getElementById('delivery-services')!;
    const links = within(services)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/express-delivery', '/schedule-delivery', '/bulk-delivery']);
    expect(main().getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/store');
    expect(main().getByRole('heading', { name: 'Got issues BOOKING?' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: /^Call / })).toHaveAttribute(
      'href',
      'tel:+2348012345678',
    );
  });

  it.each([
    ['/local', 'Local Move', '/local-quote'],
    ['/interstate', 'Inter-state Move', '/interstate-quote'],
    ['/office', 'Office Move', '/office-quote'],
  ])('%s: Get a Quote leads to its 5-step quote, Track to /track', async (path, title, quote) => {
    renderApp(path);
    await heading(title);
    expect(main().getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', quote);
    expect(main().getByRole('link', { name: 'Track' })).toHaveAttribute('href', '/track');
  });

  it('store: Get Started and How it Works in three steps', async () => {
    renderApp('/store');
    await heading('Deliver a Package');
    expect(main().getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'How it Works' })).toBeInTheDocument();
    const steps = ['Schedule Your Deliveries', 'Pickup & Packaging', 'Timely Delivery'];
    for (const name of steps)
      expect(main().getByRole('heading', { level: 3, name })).toBeInTheDocument();
  });

  it('partner: Move for Us and Become a Packer', async () => {
    renderApp('/partner');
    await heading('Join Our Dynamic Team of Packers and Movers');
    expect(main().getByRole('link', { name: 'Move for Us' })).toHaveAttribute('href', '/move');
    expect(main().getByRole('link', { name: 'Become a Packer' })).toHaveAttribute('href', '/pack');
  });

  it('contact: every channel', async () => {
    renderApp('/contact-us');
    await heading('Contact');
    expect(main().getByRole('link', { name: '0801 234 5678' })).toHaveAttribute(
      'href',
      'tel:+2348012345678',
    );
    expect(main().getByRole('link', { name: 'hello@relo.ng' })).toHaveAttribute(
      'href',
      'mailto:hello@relo.ng',
    );
    expect(main().getByRole('link', { name: 'Chat on WhatsApp' })).toBeInTheDocument();
    expect(main().getByText('12 Adeola Odeku Street, Victoria Island, Lagos')).toBeInTheDocument();
  });

  it('terms: every section', async () => {
    renderApp('/terms_and_conditions');
    await heading('Terms and Conditions');
    for (const section of terms)
      expect(main().getByRole('heading', { level: 2, name: section.title })).toBeInTheDocument();
    expect(main().getByText(/within 3 days of the move date/)).toBeInTheDocument();
    expect(main().getByText(/within up to 7 business days/)).toBeInTheDocument();
    expect(main().getByText(/Lagos State, Nigeria/)).toBeInTheDocument();
  });

  it('not found: a friendly page for unknown paths', async () => {
    renderApp('/no-such-page');
    await heading('Page not found');
    expect(main().getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('the FAQ', () => {
  it('shows the questions (prices, payment, refunds and damage too) and keeps one answer open at a time, collapsible', async () => {
    const app = renderApp('/faq');
    await heading('Frequently Asked Questions');
    const triggers = main().getAllByRole('button');
    expect(triggers.map((button) => button.textContent)).toEqual(faq.map((item) => item.question));
    // Issue 35: what customers ask before trusting us with money and goods.
    for (const id of ['prices', 'payment', 'refunds', 'damage'])
      expect(faq.map((item) => item.id)).toContain(id);
    expect(triggers.every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
    await app.user.click(triggers[7]!);
    expect(triggers[7]).toHaveAttribute('aria-expanded', 'true');
    expect(main().getByText(/mainly within the state/)).toBeVisible();
    await app.user.click(triggers[9]!);
    expect(triggers[7]).toHaveAttribute('aria-expanded', 'false');
    expect(triggers[9]).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(triggers[9]!);
    expect(triggers[9]).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the partner applications', () => {
  it('says what is missing under each field and sends nothing', async () => {
    const app = renderApp('/move', { apiUrl: server.apiUrl });
    await heading('Move for Us');
    await app.user.click(main().getByRole('button', { name: 'Apply' }));
    expect(main().getByText('Please fill in your full name.')).toBeInTheDocument();
    expect(main().getByText('Please enter your age in years.')).toBeInTheDocument();
    expect(main().getByText('Please fill in your mobile number.')).toBeInTheDocument();
    expect(main().getByText('Please fill in your location.')).toBeInTheDocument();
    expect(main().getByLabelText(/Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(await server.app.db.selectFrom('applications').selectAll().execute()).toEqual([]);
  });

  it('sends a packer application, says Applying..., then Application Successful, then goes to /partner', async () => {
    const app = renderApp('/pack', { apiUrl: server.apiUrl });
    await heading('Become a Packer');
    await app.user.type(main().getByLabelText(/Full name/), 'Ada Obi');
    await app.user.type(main().getByLabelText(/Email/), 'ada@example.com');
    await app.user.type(main().getByLabelText(/Age/), '29');
    await app.user.type(main().getByLabelText(/Mobile number/), '08012345678');
    await app.user.type(main().getByLabelText(/Location/), 'Yaba, Lagos');
    await app.user.click(main().getByRole('button', { name: 'Apply' }));
    expect(await main().findByRole('button', { name: 'Applying...' })).toBeDisabled();
    expect(await screen.findByText('Application Successful')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/partner'), { timeout: 5000 });
    const stored = await server.app.db.selectFrom('applications').selectAll().execute();
    expect(stored).toMatchObject([
      { full_name: 'Ada Obi', email: 'ada@example.com', role: 'packer', location: 'Yaba, Lagos' },
    ]);
  }, 20_000);
});
