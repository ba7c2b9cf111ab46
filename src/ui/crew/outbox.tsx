/**
 * The page's side of the crew's actions waiting on the phone (src/machines/crewOutboxMachine.ts,
 * docs/crew-phone.md "Without network"): the queue kept in localStorage under the member's id
 * (kept across a reload and a sign-out: an action is never dropped without the crew member), the
 * machine run with the stop-event call and the browser's network events, and what the page shows
 * of it: each stop's waiting actions with the time they were taken, and a line at the top.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { CrewStop } from '../../api/contract/crews';
import { crewsApi } from '../../api/crews';
import { crewOutboxMachine, type QueuedAction } from '../../machines/crewOutboxMachine';
import { standardActions } from '../components/useFlow';
import { inspect } from '../inspector';
import { eventLabels, takenLabel } from './labels';

type Outbox = ActorRefFrom<typeof crewOutboxMachine>;

const storageKey = (memberId: string) => `crewOutbox:${memberId}`;

/** The queue as the phone kept it; nothing when storage is refused or the copy is damaged. */
export function loadQueue(memberId: string): QueuedAction[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey(memberId)) ?? '[]');
    return Array.isArray(kept)
      ? kept.filter(
          (item: Partial<QueuedAction>) =>
            typeof item?.key === 'string' &&
            typeof item.stopId === 'string' &&
            typeof item.request?.type === 'string' &&
            typeof item.request.taken_at === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function saveQueue(memberId: string, items: QueuedAction[]) {
  try {
    if (items.length) localStorage.setItem(storageKey(memberId), JSON.stringify(items));
    else localStorage.removeItem(storageKey(memberId));
  } catch {
    // Storage refused (private mode, full): the queue lives as long as the page.
  }
}

const OutboxContext = createContext<Outbox | null>(null);

/** Runs the member's queue for the page, and gives it to the stops below. */
export function CrewOutbox({
  memberId,
  onSent,
  onRemoved,
  children,
}: {
  memberId: string;
  /** The stop as the server now has it, for the list. */
  onSent: (stop: CrewStop) => void;
  /** A refused action was removed: the list loads again. */
  onRemoved: () => void;
  children: ReactNode;
}) {
  const [logic] = useState(() =>
    crewOutboxMachine.provide({
      actors: {
        sendAction: fromPromise<CrewStop, QueuedAction>(
          async ({ input }) =>
            (
              await crewsApi.stopEvent(input.request, {
                id: input.stopId,
                idempotencyKey: input.key,
              })
            ).data,
        ),
      },
      guards: { isOffline: () => !navigator.onLine },
      actions: {
        ...standardActions,
        save: (_, { items }) => saveQueue(memberId, items),
        sent: (_, { stop }) => onSent(stop),
        removed: () => onRemoved(),
      },
    }),
  );
  const outbox = useActorRef(logic, { input: { items: loadQueue(memberId) }, inspect });
  // Back online: the queue goes at once (the browser's own background sync may wait minutes).
  useEffect(() => {
    const back = () => outbox.send({ type: 'network.back' });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [outbox]);
  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

/** The page's queue (a stop card outside CrewOutbox, as in a test of it alone, has none). */
const useOutbox = () => useContext(OutboxContext);

/** What a stop's machine is given of the queue: whether actions must wait, and where to put them. */
export function useQueueFor() {
  const outbox = useOutbox();
  return {
    mustQueue: () => !navigator.onLine || (outbox?.getSnapshot().context.items.length ?? 0) > 0,
    enqueue: (action: QueuedAction) => outbox?.send({ type: 'enqueue', action }),
  };
}

const noItems: QueuedAction[] = [];

/** The member's waiting actions (their order is the queue's). */
export const useQueued = () =>
  useSelector(useOutbox() ?? undefined, (snapshot) => snapshot?.context.items ?? noItems);

/** A stop's waiting actions, each with the time it was taken and where it stands. */
export function QueuedActions({ stopId }: { stopId: string }) {
  const outbox = useOutbox();
  const snapshot = useSelector(outbox ?? undefined, (current) => current);
  if (!outbox || !snapshot) return null;
  const { items, messages } = snapshot.context;
  const mine = items.filter((item) => item.stopId === stopId);
  if (!mine.length) return null;
  const first = items[0]!;
  return (
    <ul className="crew-queue" aria-label="Waiting on this phone">
      {mine.map((item) => {
        const taken = `(taken ${takenLabel(item.request.taken_at)})`;
        const label = eventLabels[item.request.type];
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
export function QueueSummary({ listed }: { listed: (stopId: string) => boolean }) {
  const outbox = useOutbox();
  const snapshot = useSelector(outbox ?? undefined, (current) => current);
  if (!snapshot) return null;
  const { items } = snapshot.context;
  const first = items[0];
  if (first && snapshot.matches('refused') && !listed(first.stopId))
    return <QueuedActions stopId={first.stopId} />;
  if (!snapshot.hasTag('waiting')) return null;
  const count = items.length === 1 ? '1 action waits' : `${items.length} actions wait`;
  return (
    <p className="crew-offline" role="status">
      No network: {count} on this phone, sent in order as soon as the network is back.
    </p>
  );
}
