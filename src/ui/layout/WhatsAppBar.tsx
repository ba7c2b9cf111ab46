/**
 * The floating WhatsApp button (stickyBarMachine): a round button in the corner with its name for
 * screen readers, dismissible, back after 30 seconds. It moves out of the way while the customer
 * types and while a field, button or card is under it (barSurroundings), and the page's footer
 * leaves room for it at the end (layout.css). Not on the staff pages, nor on the crew's jobs, where
 * it would sit over a stop's buttons and is not who the crew calls.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { whatsappLink } from '../../content/company';
import { stickyBarMachine } from '../../machines/stickyBarMachine';
import { inspect } from '../inspector';
import { watchSurroundings } from './barSurroundings';
import './layout.css';

const isWorkPage = (pathname: string) => /^\/(staff|crew)(\/|$)/.test(pathname);

export function WhatsAppBar() {
  const { pathname } = useLocation();
  return isWorkPage(pathname) ? null : <FloatingButton />;
}

function FloatingButton() {
  const [snapshot, send] = useMachine(stickyBarMachine, { inspect });
  const bar = useRef<HTMLElement>(null);
  useEffect(() => watchSurroundings(() => bar.current, send), [send]);
  if (snapshot.matches('hidden')) return null;
  const aside = !snapshot.matches('shown');
  const dismiss = () => {
    send({ type: 'dismiss' });
    // The button disappears with the bar; keyboard users continue from the page, not from nowhere.
    document.getElementById('main')?.focus();
  };
  return (
    <aside
      ref={bar}
      className="whatsapp-bar"
      aria-label="Chat with us on WhatsApp"
      data-aside={aside || undefined}
      inert={aside}
    >
      <a href={whatsappLink()} target="_blank" rel="noopener noreferrer" className="whatsapp-link">
        <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.4-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.9 11.9 0 0 0 4.6 4c1.7.7 2.3.8 3.2.7a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z"
          />
        </svg>
        <span className="visually-hidden">Chat with us on WhatsApp</span>
      </a>
      <button
        type="button"
        className="whatsapp-dismiss"
        aria-label="Hide the WhatsApp bar"
        onClick={dismiss}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
    </aside>
  );
}
