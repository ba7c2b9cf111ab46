/**
 * What a stop offers now (src/machines/crewStopMachine.ts): its action buttons, one of its four
 * forms (the code, delivery without the code, a loading's photos, a failure), the waits
 * ("Finding your position…", "Sending…") and a send that got no answer. Buttons are offered where
 * the machine can take them.
 */
import { Suspense } from 'react';
import type { SnapshotFrom, EventFrom } from 'xstate';
import { stopEventLabels } from '../../api/contract/stopLabels';
import { photosSent, type crewStopMachine } from '../../machines/crewStopMachine';
import { Waiting } from '../components/LoadStates';
import { lazyPart } from '../components/lazyPart';

// The forms (and the photo picker) load with the first Delivered, Failed or a loading's Picked up,
// not with the jobs.
const StopForm = lazyPart(() => import('./StopForms').then(({ StopForm }) => StopForm), 'The form');

type StopSnapshot = SnapshotFrom<typeof crewStopMachine>;
export interface StopFlow {
  snapshot: StopSnapshot;
  send: (event: EventFrom<typeof crewStopMachine>) => void;
}

/** The stop's action buttons, in the order the work goes. */
const actions = [
  { event: 'stop.onTheWay', label: stopEventLabels.on_the_way },
  { event: 'stop.arrived', label: stopEventLabels.arrived },
  { event: 'stop.pickedUp', label: stopEventLabels.picked_up },
  { event: 'delivery.start', label: stopEventLabels.delivered },
] as const;

function Messages({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="crew-problem" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export function StopActions({ snapshot, send }: StopFlow) {
  const { messages, progress } = snapshot.context;
  if (snapshot.matches('done')) return null;
  if (snapshot.matches('locating')) return <Waiting>Finding your position…</Waiting>;
  if (snapshot.matches('sending'))
    return (
      <div className="crew-wait">
        <Waiting>Sending…</Waiting>
        {photosSent(snapshot.context).length > 0 && (
          <progress max={100} value={progress ?? 0} aria-label="Sent so far">
            {progress ?? 0} %
          </progress>
        )}
      </div>
    );
  if (snapshot.matches('failed'))
    return (
      <div className="crew-problem" role="alert">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
        <p>Not sent. Everything you entered is kept.</p>
        <p className="crew-buttons">
          <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
            Try again
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'cancel' })}
          >
            Cancel
          </button>
        </p>
      </div>
    );
  if (
    snapshot.matches('delivering') ||
    snapshot.matches('withoutCode') ||
    snapshot.matches('loaded') ||
    snapshot.matches('failing')
  )
    return (
      <Suspense fallback={<Waiting>Opening the form…</Waiting>}>
        <StopForm snapshot={snapshot} send={send} />
      </Suspense>
    );
  const offered = actions.filter(({ event }) => snapshot.can({ type: event }));
  return (
    <div className="crew-actions">
      <Messages messages={messages} />
      <p className="crew-buttons">
        {offered.map(({ event, label }) => (
          <button
            key={event}
            type="button"
            className="button crew-action"
            onClick={() => send({ type: event })}
          >
            {label}
          </button>
        ))}
        {snapshot.can({ type: 'failure.start' }) && (
          <button
            type="button"
            className="button crew-fail"
            onClick={() => send({ type: 'failure.start' })}
          >
            {stopEventLabels.failed}
          </button>
        )}
      </p>
    </div>
  );
}
