/**
 * One stop of a job on /crew: what and where, whom to call, and its actions, run by its own
 * crewStopMachine with the page's effects (the position, the call, the photo shrink, the toasts,
 * the phone's queue of actions waiting for network: ./outbox.tsx). It only renders the machine's
 * snapshot and sends it what the crew member does.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CrewStop } from '../../api/contract/crewDay';
import { stopKindLabels } from '../../api/contract/stopLabels';
import { crewDayApi } from '../../api/crewDay';
import { withQueued } from '../../machines/crewQueue';
import {
  crewStopMachine,
  type Position,
  type ShrinkCall,
  type StopEventCall,
} from '../../machines/crewStopMachine';
import { standardActions } from '../components/useFlow';
import { inspect } from '../inspector';
import { callLink, mapLink, whatsappLink } from './links';
import { stopStateLabel } from './labels';
import { QueuedActions, useQueued, useQueueFor } from './outbox';
import { StopActions } from './StopActions';

/** How long an action waits for the position before it goes without it. */
const LOCATE_LIMIT_MS = 8000;

export interface StopCardProps {
  stop: CrewStop;
  /** The stop as the server now has it, for the list. */
  onSaved: (stop: CrewStop) => void;
}

async function sendEvent({ stopId, request, photos, idempotencyKey, report }: StopEventCall) {
  // sent_at: the phone's clock as this try leaves, so the server reads taken_at on its own clock.
  const answer = await crewDayApi.stopEvent(
    { ...request, sent_at: new Date().toISOString() },
    {
      id: stopId,
      idempotencyKey,
      files: { photos },
      // With photos, the page shows how much has gone (its transport loads with the first photo sent).
      transport: photos.length
        ? (await import('../../api/uploadProgress')).withUploadProgress(report)
        : undefined,
    },
  );
  return answer.data;
}

export function StopCard({ stop, onSaved }: StopCardProps) {
  const queue = useQueueFor();
  const [logic] = useState(() =>
    crewStopMachine.provide({
      actors: {
        // Loaded with the first action (the position is never required: without it, none goes).
        locate: fromPromise<Position | null>(async () =>
          (await import('./position')).currentPosition(LOCATE_LIMIT_MS),
        ),
        sendEvent: fromPromise<CrewStop, StopEventCall>(({ input }) => sendEvent(input)),
        // Loaded with the first photo taken (a handover's proof, or the goods' condition).
        shrink: fromPromise<File, ShrinkCall>(async ({ input, signal }) =>
          (await import('../photos/shrinkPhoto')).shrinkPhoto(input.file, {
            signal,
            onProgress: input.report,
          }),
        ),
      },
      guards: { mustQueue: queue.mustQueue },
      actions: {
        ...standardActions,
        saved: (_, { stop: saved }) => onSaved(saved),
        enqueue: (_, { action }) => queue.enqueue(action),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, {
    input: {
      stop,
      locateLimit: LOCATE_LIMIT_MS,
      newSubmissionKey: () => crypto.randomUUID(),
      now: () => new Date().toISOString(),
    },
    inspect,
  });
  // The list loaded again: the stop as the server has it now, after the actions waiting to go.
  const waitingState = withQueued(stop, useQueued()).state;
  const seen = useMemo(() => ({ ...stop, state: waitingState }), [stop, waitingState]);
  useEffect(() => {
    send({ type: 'stop.seen', stop: seen });
  }, [seen, send]);

  const shown = snapshot.context.stop;
  const finished = snapshot.matches('done');
  return (
    <li className={finished ? 'crew-stop crew-stop-finished' : 'crew-stop'}>
      <p className="crew-stop-head">
        <span className="crew-stop-kind">{stopKindLabels[shown.kind]}</span>
        <span className={`crew-state crew-state-${shown.state}`}>{stopStateLabel(shown)}</span>
      </p>
      <p className="crew-address">{shown.address}</p>
      {shown.landmark && (
        // What the customer said stands near the address (issue 37).
        <p className="crew-landmark">Landmark: {shown.landmark}</p>
      )}
      <p className="crew-contact-name">{shown.contact_name}</p>
      <p className="crew-links">
        <a className="button" href={callLink(shown.contact_phone)}>
          Call
        </a>
        <a
          className="button"
          href={whatsappLink(shown.contact_phone)}
          target="_blank"
          rel="noreferrer"
        >
          WhatsApp
        </a>
        <a
          className="button button-secondary"
          href={mapLink(shown.address)}
          target="_blank"
          rel="noreferrer"
        >
          Map
        </a>
      </p>
      <QueuedActions stopId={shown.id} />
      <StopActions snapshot={snapshot} send={send} />
    </li>
  );
}
