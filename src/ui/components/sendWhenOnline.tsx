/**
 * The page's side of sending when back online (src/machines/sendWhenOnlineMachine.ts): the
 * machine with the form's own call and the browser's network events, given to a form machine as
 * its call (`whenOnline`), and the button that says what it waits for (`SendButton`). The form
 * runs the machine as it ran the call: it ends with the call's answer or its error (a cancel is an
 * error too, which the form toasts), so the form's machine does not change.
 */
import type { ButtonHTMLAttributes } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise, type AnyActorRef, type PromiseActorLogic } from 'xstate';
import { sendWhenOnlineMachine } from '../../machines/sendWhenOnlineMachine';
import { SubmitButton } from './SubmitButton';

/** Settles at the page's next `online` event (dropped if the form stops waiting first). */
const networkBack = fromPromise<void>(
  ({ signal }) =>
    new Promise((resolve) =>
      window.addEventListener('online', () => resolve(), { once: true, signal }),
    ),
);

/** `send`, waiting for the network when the phone has none; typed as `send` for the form machine. */
export const whenOnline = <TOutput, TInput>(
  send: PromiseActorLogic<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> =>
  sendWhenOnlineMachine.provide({
    actors: { send: send as PromiseActorLogic<unknown, unknown>, networkBack },
    guards: { isOffline: () => !navigator.onLine },
  }) as unknown as PromiseActorLogic<TOutput, TInput>;

export const WAITING_LABEL = 'Waiting for network…';

/**
 * The submit button of a form sent through `whenOnline`: while the submission (`sending`, the
 * `submit` child of the form's machine) waits, it says so, and Cancel stops it (what was typed
 * stays).
 */
export function SendButton({
  sending,
  busyLabel,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  busy: boolean;
  busyLabel: string;
  sending: AnyActorRef | undefined;
}) {
  const waiting = useSelector(sending, (snapshot) => snapshot?.hasTag('waiting') === true);
  return (
    <>
      <SubmitButton busyLabel={waiting ? WAITING_LABEL : busyLabel} {...button} />
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
