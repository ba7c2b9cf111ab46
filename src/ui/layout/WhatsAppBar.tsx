/** The floating WhatsApp bar: shown, dismissible, back after 30 seconds (stickyBarMachine). */
import { useMachine } from '@xstate/react';
import { whatsappLink } from '../../content/company';
import { stickyBarMachine } from '../../machines/stickyBarMachine';
import { inspect } from '../inspector';

export function WhatsAppBar() {
  const [snapshot, send] = useMachine(stickyBarMachine, { inspect });
  if (!snapshot.matches('shown')) return null;
  return (
    <aside className="whatsapp-bar" aria-label="Chat with us on WhatsApp">
      <a href={whatsappLink()} target="_blank" rel="noopener noreferrer">
        Chat with us on WhatsApp
      </a>
      <button type="button" className="icon-button" aria-label="Hide the WhatsApp bar" onClick={() => send({ type: 'dismiss' })}>
        ×
      </button>
    </aside>
  );
}
