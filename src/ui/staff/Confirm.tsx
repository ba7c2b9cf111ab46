/** The question before a staff action is sent (StaffActions, StaffMoney). */
import type { ReactNode } from 'react';
import { SubmitButton } from '../components/SubmitButton';

/** The question before a staff action is sent: Yes sends it (busy while it goes), Back returns to the form. */
export function Confirm(props: {
  id: string;
  yes: string;
  busy: boolean;
  busyLabel: string;
  send: (event: { type: 'confirm' } | { type: 'back' }) => void;
  children: ReactNode;
}) {
  const { id, yes, busy, busyLabel, send, children } = props;
  return (
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id}>{children}</p>
      <p className="actions">
        <SubmitButton
          type="button"
          busy={busy}
          busyLabel={busyLabel}
          onClick={() => send({ type: 'confirm' })}
        >
          {yes}
        </SubmitButton>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => send({ type: 'back' })}
        >
          Back
        </button>
      </p>
    </div>
  );
}
