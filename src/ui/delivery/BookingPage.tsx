/** The frame of every delivery booking page: title, subtitle, the form, then Back and the submit button. */
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { Link } from '../components/Link';
import { SendButton } from '../components/sendWhenOnline';
import { usePageMeta } from '../components/PageMeta';
import './delivery.css';

export function BookingPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  usePageMeta(title, subtitle);
  return (
    <section className="page booking">
      <h1>{title}</h1>
      <p className="booking-subtitle">{subtitle}</p>
      {children}
    </section>
  );
}

/**
 * Back to /delivery, and the submit button with the spec's busy label (hidden when `submit` is
 * null), or "Waiting for network…" while the booking's `sending` waits for it.
 */
export function BookingActions({
  busy,
  submit,
  sending,
}: {
  busy: boolean;
  submit: string | null;
  sending?: AnyActorRef;
}) {
  return (
    <div className="actions booking-actions">
      <Link className="button button-secondary" to="/delivery">
        Back
      </Link>
      {submit !== null && (
        <SendButton busy={busy} busyLabel="Booking..." sending={sending}>
          {submit}
        </SendButton>
      )}
    </div>
  );
}
