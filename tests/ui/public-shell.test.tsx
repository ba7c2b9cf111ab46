import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const banner = () => within(screen.getByRole('banner'));

describe('the header', () => {
  it('opens a dropdown by its button, closes it with Escape and gives focus back to the button', async () => {
    const app = renderApp('/');
    const services = banner().getByRole('button', { name: 'SERVICES' });
    expect(services).toHaveAttribute('aria-expanded', 'false');
    services.focus();
    await app.user.keyboard('{Enter}');
    expect(services).toHaveAttribute('aria-expanded', 'true');
    expect(banner().getByRole('link', { name: 'Delivery' })).toHaveAttribute('href', '/delivery');
    expect(banner().getByRole('link', { name: 'Relocation' })).toHaveAttribute(
      'href',
      '/relocation',
    );
    await app.user.keyboard('{Tab}');
    expect(banner().getByRole('link', { name: 'Delivery' })).toHaveFocus();
    await app.user.keyboard('{Escape}');
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(services).toHaveFocus();
  });

  it('keeps one dropdown open at a time; PARTNER leads to the applications', async () => {
    const app = renderApp('/');
    await app.user.click(banner().getByRole('button', { name: 'SERVICES' }));
    await app.user.click(banner().getByRole('button', { name: 'PARTNER' }));
    expect(banner().getByRole('button', { name: 'SERVICES' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(banner().getByRole('link', { name: 'Become a Packer' })).toHaveAttribute(
      'href',
      '/pack',
    );
    await app.user.click(banner().getByRole('link', { name: 'Move for us' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Move for Us' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(banner().getByRole('button', { name: 'PARTNER' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens and closes the mobile menu by its button and by Escape, and closes it on navigation', async () => {
    const app = renderApp('/');
    const menu = banner().getByRole('button', { name: 'Menu' });
    await app.user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    // The phone's menu always offers tracking (issue 35), even where the wide header does not.
    expect(banner().getByRole('link', { name: 'TRACKER' })).toHaveAttribute('href', '/track');
    await app.user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await app.user.click(menu);
    await app.user.click(banner().getByRole('link', { name: 'ABOUT US' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Us' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['/services', '/office', '/local', '/interstate', '/track'])(
    'shows TRACKER on %s',
    async (path) => {
      renderApp(path);
      expect(banner().getByRole('link', { name: 'TRACKER' })).toHaveAttribute('href', '/track');
    },
  );

  it.each(['/get-quote', '/local-quote', '/interstate-quote', '/office-quote'])(
    'shows TRACKER to a member on %s',
    async (path) => {
      const app = renderApp(path, {
        session: { token: 'stored-token', id: '1', profileImage: '', email: 'ada@example.com' },
      });
      await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      expect(app.location().pathname).toBe(path);
      expect(banner().getByRole('link', { name: 'TRACKER' })).toHaveAttribute('href', '/track');
    },
  );

  it.each(['/', '/about', '/delivery', '/relocation', '/faq'])(
    'hides TRACKER on %s',
    async (path) => {
      renderApp(path);
      expect(banner().queryByRole('link', { name: 'TRACKER' })).toBeNull();
    },
  );
});

describe('the footer', () => {
  it('lists every way to reach us and links to the terms and the FAQ', () => {
    renderApp('/');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'hello@relo.ng' })).toHaveAttribute(
      'href',
      'mailto:hello@relo.ng',
    );
    expect(footer.getByRole('link', { name: '0801 234 5678' })).toHaveAttribute(
      'href',
      'tel:+2348012345678',
    );
    expect(footer.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/2348012345678/,
    );
    expect(footer.getAllByRole('link', { name: 'Terms and conditions' })[0]).toHaveAttribute(
      'href',
      '/terms_and_conditions',
    );
    expect(footer.getAllByRole('link', { name: 'FAQ' })[0]).toHaveAttribute('href', '/faq');
    expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      expect.stringContaining('instagram.com'),
    );
    expect(footer.getByRole('link', { name: 'Local Move' })).toHaveAttribute('href', '/local');
  });

  it('subscribes to the newsletter through the server and says so', async () => {
    const app = renderApp('/', { apiUrl: server.apiUrl });
    const footer = within(screen.getByRole('contentinfo'));
    await app.user.type(
      footer.getByLabelText('Get moving tips and offers by email'),
      'ada@example.com',
    );
    await app.user.click(footer.getByRole('button', { name: 'Subscribe' }));
    expect(
      await footer.findByText('Thank you! ada@example.com is subscribed to our newsletter.'),
    ).toBeInTheDocument();
    const stored = await server.app.db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .execute();
    expect(stored.map((row) => row.email)).toContain('ada@example.com');
  });

  it('says why a subscription was refused and keeps what was typed', async () => {
    const app = renderApp('/', { apiUrl: server.apiUrl });
    const footer = within(screen.getByRole('contentinfo'));
    const input = footer.getByLabelText('Get moving tips and offers by email');
    await app.user.click(footer.getByRole('button', { name: 'Subscribe' }));
    expect(await footer.findByText('Please enter your email.')).toBeInTheDocument();
    await app.user.type(input, 'ada@nowhere');
    await app.user.click(footer.getByRole('button', { name: 'Subscribe' }));
    expect(
      await footer.findByText('Enter a valid email address, like name@example.com.'),
    ).toBeInTheDocument();
    expect(input).toHaveValue('ada@nowhere');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the WhatsApp bar', () => {
  it('hides on dismiss and hands focus to the page', async () => {
    const app = renderApp('/');
    const bar = screen.getByRole('complementary', { name: 'Chat with us on WhatsApp' });
    expect(
      within(bar).getByRole('link', { name: 'Chat with us on WhatsApp' }).getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\//);
    within(bar).getByRole('button', { name: 'Hide the WhatsApp bar' }).focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Chat with us on WhatsApp' })).toBeNull(),
    );
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('steps aside while a text field has focus, and comes back when focus leaves', async () => {
    const app = renderApp('/');
    const bar = screen.getByRole('complementary', { name: 'Chat with us on WhatsApp' });
    const email = within(screen.getByRole('contentinfo')).getByLabelText(
      'Get moving tips and offers by email',
    );
    await app.user.click(email);
    await waitFor(() => expect(bar).toHaveAttribute('data-aside'));
    expect(bar).toHaveAttribute('inert');
    await app.user.tab();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Subscribe' }),
    ).toHaveFocus();
    await waitFor(() => expect(bar).not.toHaveAttribute('data-aside'));
    expect(bar).not.toHaveAttribute('inert');
  });
});
