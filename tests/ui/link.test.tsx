import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from '../../src/ui/components/Link';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderAt(path: string, links: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <nav>{links}</nav>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { where: () => screen.getByRole('status', { name: 'location' }).textContent };
}

describe('Link', () => {
  it('points at its page and goes there inside the app, after its own onClick', async () => {
    const onClick = vi.fn();
    const app = renderAt(
      '/',
      <Link to="/track?reference=RL-1" onClick={onClick}>
        Track
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Track' });
    expect(link).toHaveAttribute('href', '/track?reference=RL-1');
    await userEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(app.where()).toBe('/track?reference=RL-1');
  });

  it('leaves a modified click (new tab) and a prevented click to the browser', () => {
    const app = renderAt(
      '/',
      <Link to="/faq" onClick={(event) => event.altKey && event.preventDefault()}>
        FAQ
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'FAQ' });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { altKey: true });
    expect(app.where()).toBe('/');
    fireEvent.click(link);
    expect(app.where()).toBe('/faq');
  });

  it('replaces the history entry when asked', async () => {
    render(
      <MemoryRouter initialEntries={['/first', '/second']} initialIndex={1}>
        <Link to="/third" replace>
          Third
        </Link>
        <Routes>
          <Route path="*" element={<BackButton />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Third' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back from /third' }));
    expect(screen.getByRole('button', { name: 'Back from /first' })).toBeInTheDocument();
  });
});

function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back from {location.pathname}
    </button>
  );
}

describe('NavLink', () => {
  it('marks the current page active, and its sub-pages unless `end`', () => {
    renderAt(
      '/services/local',
      <>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/services" className="menu-item">
          Services
        </NavLink>
        <NavLink to="/services" end>
          Services only
        </NavLink>
        <NavLink to="/services/local">Local</NavLink>
      </>,
    );
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('Home')).not.toHaveClass('active');
    expect(link('Services')).toHaveAttribute('aria-current', 'page');
    expect(link('Services')).toHaveClass('menu-item', 'active');
    expect(link('Services only')).not.toHaveAttribute('aria-current');
    expect(link('Local')).toHaveAttribute('aria-current', 'page');
  });
});
