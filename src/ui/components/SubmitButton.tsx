/**
 * A submit button that shows the spec's busy label and cannot be pressed twice (docs/product.md).
 * A form that sends when back online (./sendWhenOnline.ts) passes its sending actor: while it
 * waits, the button says so and Cancel stops it (what was typed stays).
 */
import type { ButtonHTMLAttributes } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

export const WAITING_LABEL = 'Waiting for network…';

export function SubmitButton({
  busy,
  busyLabel,
  sending,
  children,
  disabled,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  busy: boolean;
  busyLabel: string;
  /** The form's call while it runs, when it sends when back online (the `submit` child of its machine). */
  sending?: AnyActorRef;
}) {
  const waiting = useSelector(sending, (snapshot) => snapshot?.hasTag('waiting') === true);
  return (
    <>
      <button
        type="submit"
        className="button"
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        {...button}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? (waiting ? WAITING_LABEL : busyLabel) : children}
      </button>
      {waiting && (
        <span className="waiting-for-network" role="status">
          <span>No network: it is sent by itself as soon as you are back online.</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => sending?.send({ type: 'cancel' })}
          >
            Cancel sending
          </button>
        </span>
      )}
    </>
  );
}
