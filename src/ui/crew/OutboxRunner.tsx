/**
 * The crew's queue running on the page (src/machines/crewOutboxMachine.ts with the stop-event call,
 * the phone's storage and the browser's network events), and what the page shows of it: each
 * stop's waiting actions with the time they were taken, a refused one with the server's words, Try
 * again and Remove, and a line at the top while the network is gone. Loaded apart from the page
 * (./outbox.tsx loads it once the jobs are listed, or at once when actions wait).
 */
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CrewStop } from '../../api/contract/crewDay';
import { clockInLagos, stopEventLabels } from '../../api/contract/stopLabels';
import { crewDayApi } from '../../api/crewDay';
import { crewOutboxMachine } from '../../machines/crewOutboxMachine';
import type { QueuedAction } from '../../machines/crewQueue';
import { standardActions } from '../components/useFlow';
import { inspect } from '../inspector';
// Only types from ./outbox: importing its code would split it into a chunk of its own.
import type { Outbox, OutboxEffects } from './outbox';

/**
 * Runs the member's queue, from what the phone kept, while it is on the page (stopped when it
 * leaves), and hands it to the page with `onStart`. A component (useActorRef), not createActor:
 * every page would load one more of xstate's names otherwise.
 */
export function OutboxHost({
  items,
  save,
  onSent,
  onRemoved,
  onStart,
}: OutboxEffects & { onStart: (outbox: Outbox | null) => void }) {
  const [logic] = useState(() =>
    crewOutboxMachine.provide({
      actors: {
        sendAction: fromPromise<CrewStop, QueuedAction>(
          async ({ input }) =>
            // A new sent_at on every try: the server reads taken_at on its own clock by it.
            (
              await crewDayApi.stopEvent(
                { ...input.request, sent_at: new Date().toISOString() },
                {
                  id: input.stopId,
                  idempotencyKey: input.key,
                },
              )
            ).data,
        ),
      },
      guards: { isOffline: () => !navigator.onLine },
      actions: {
        ...standardActions,
        save: (_, { items: kept }) => save(kept),
        sent: (_, { stop }) => onSent(stop),
        removed: () => onRemoved(),
      },
    }),
  );
  const outbox = useActorRef(logic, { input: { items }, inspect });
  useEffect(() => {
    onStart(outbox);
    return () => onStart(null);
  }, [outbox, onStart]);
  return null;
}

/** HH:MM, Lagos time, of an ISO time: when a waiting action was taken. */
const takenLabel = (iso: string) => clockInLagos(new Date(iso));

/** A stop's waiting actions, each with the time it was taken and where it stands. */
export function QueuedActions({ outbox, stopId }: { outbox: Outbox; stopId: string }) {
  const snapshot = useSelector(outbox, (current) => current);
  const { items, messages } = snapshot.context;
  const mine = items.filter((item) => item.stopId === stopId);
  if (!mine.length) return null;
  const first = items[0]!;
  return (
    <ul className="crew-queue" aria-label="Waiting on this phone">
      {mine.map((item) => {
        const taken = `(taken ${takenLabel(item.request.taken_at)})`;
        const label = stopEventLabels[item.request.type];
        if (item === first && snapshot.matches('refused'))
          return (
            <li key={item.key} className="crew-problem" role="alert">
              <p>
                {label} {taken} was not recorded:
              </p>
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
              <p className="crew-buttons">
                <button
                  type="button"
                  className="button"
                  onClick={() => outbox.send({ type: 'retry' })}
                >
                  Try again
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => outbox.send({ type: 'remove' })}
                >
                  Remove {label}
                </button>
              </p>
            </li>
          );
        const where =
          item === first && snapshot.matches('sending')
            ? 'Sending…'
            : snapshot.hasTag('waiting')
              ? 'Waiting for network…'
              : 'Waiting to send…';
        return (
          <li key={item.key} role="status">
            {label}: {where} {taken}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The line at the top of the page while actions wait: how many, and that they go by themselves.
 * A refused action whose stop is not listed (the jobs did not load) is shown here with its buttons.
 */
export function QueueSummary({
  outbox,
  listed,
}: {
  outbox: Outbox;
  listed: (stopId: string) => boolean;
}) {
  const snapshot = useSelector(outbox, (current) => current);
  const { items } = snapshot.context;
  const first = items[0];
  if (first && snapshot.matches('refused') && !listed(first.stopId))
    return <QueuedActions outbox={outbox} stopId={first.stopId} />;
  if (!snapshot.hasTag('waiting')) return null;
  const count = items.length === 1 ? '1 action waits' : `${items.length} actions wait`;
  return (
    <p className="crew-offline" role="status">
      No network: {count} on this phone, sent in order as soon as the network is back.
    </p>
  );
}
