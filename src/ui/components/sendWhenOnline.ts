/**
 * The page's side of sending when back online (src/machines/sendWhenOnlineMachine.ts): the
 * machine with the form's own call and the browser's network events, given to a form machine as
 * its call. The form runs it as it ran the call: it ends with the call's answer or its error (a
 * cancel is an error too, which the form toasts), so the form's machine does not change.
 */
import { fromCallback, type PromiseActorLogic } from 'xstate';
import { sendWhenOnlineMachine } from '../../machines/sendWhenOnlineMachine';

type NetworkEvent = { type: 'network.online' } | { type: 'network.offline' };

/** What the browser believes now, then every change it announces (`online`, `offline`). */
const browserNetwork = fromCallback<NetworkEvent>(({ sendBack }) => {
  const online = () => sendBack({ type: 'network.online' });
  const offline = () => sendBack({ type: 'network.offline' });
  if (navigator.onLine) online();
  else offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

/** `send`, waiting for the network when the phone has none; typed as `send` for the form machine. */
export const whenOnline = <TOutput, TInput>(
  send: PromiseActorLogic<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> =>
  sendWhenOnlineMachine.provide({
    actors: { send: send as PromiseActorLogic<unknown, unknown>, connectivity: browserNetwork },
  }) as unknown as PromiseActorLogic<TOutput, TInput>;
