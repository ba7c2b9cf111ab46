/**
 * The page's side of the crew's actions waiting on the phone (src/machines/crewOutboxMachine.ts,
 * docs/crew-phone.md "Without network"): the queue kept in localStorage under the member's id
 * (kept across a reload and a sign-out: an action is never dropped without the crew member), what
 * a stop card needs of it, and the queue's machine with what the page shows of it, which load
 * apart (./OutboxRunner.tsx): once the jobs are listed (with network, so they are on the phone
 * before it goes), or at once when actions wait. Before then an action to queue is written
 * straight to the storage the machine starts from.
 */
import {
  createContext,
  useCallback,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CrewStop } from '../../api/contract/crewDay';
import type { crewOutboxMachine } from '../../machines/crewOutboxMachine';
import type { QueuedAction } from '../../machines/crewQueue';
import { lazyPart } from '../components/lazyPart';

export type Outbox = ActorRefFrom<typeof crewOutboxMachine>;

interface PageEffects {
  memberId: string;
  /** The stop as the server now has it, for the list. */
  onSent: (stop: CrewStop) => void;
  /** A refused action was removed: the list loads again. */
  onRemoved: () => void;
}

/** What ./OutboxRunner.tsx starts the queue with. */
export interface OutboxEffects extends Omit<PageEffects, 'memberId'> {
  /** The queue as the phone kept it. */
  items: QueuedAction[];
  /** Keeps the queue on the phone. */
  save: (items: QueuedAction[]) => void;
}

const storageKey = (memberId: string) => `crewOutbox:${memberId}`;

/** The queue as the phone kept it; nothing when storage is refused or the copy is damaged. */
function loadQueue(memberId: string): QueuedAction[] {
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

const loadRunner = () => import('./OutboxRunner');
// Without network and never loaded, the queue waits in storage: the runner loads when the phone
// is back online, or at the next visit.
const LazyOutboxHost = lazyPart(() => loadRunner().then(({ OutboxHost }) => OutboxHost), null);

interface Queue {
  /** The running queue, once loaded. */
  outbox: Outbox | null;
  /** The queue as kept on the phone, until it runs. */
  kept: QueuedAction[];
  /** How many actions wait now. */
  waiting: () => number;
  enqueue: (action: QueuedAction) => void;
}

const QueueContext = createContext<Queue | null>(null);

/** Runs the member's queue for the page (from `ready`: the jobs are listed), for the stops below. */
export function CrewOutbox({
  ready,
  children,
  ...effects
}: PageEffects & { ready: boolean; children: ReactNode }) {
  const { memberId } = effects;
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [kept, setKept] = useState(() => loadQueue(memberId));
  const wanted = ready || kept.length > 0;
  const latest = useRef(effects);
  latest.current = effects;
  // The running queue as soon as it starts, for an action taken before the page draws it.
  const running = useRef<Outbox | null>(null);
  const onStart = useCallback((started: Outbox | null) => {
    running.current = started;
    setOutbox(started);
  }, []);
  useEffect(() => {
    if (!outbox) return;
    // Back online: the queue goes at once (the browser's own background sync may wait minutes).
    const back = () => outbox.send({ type: 'network.back' });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [outbox]);
  const queue: Queue = {
    outbox,
    kept,
    waiting: () =>
      running.current?.getSnapshot().context.items.length ?? loadQueue(memberId).length,
    enqueue: (action) => {
      if (running.current) return running.current.send({ type: 'enqueue', action });
      const items = [...loadQueue(memberId), action];
      saveQueue(memberId, items);
      setKept(items);
    },
  };
  return (
    <QueueContext.Provider value={queue}>
      {wanted && (
        <Suspense fallback={null}>
          <LazyOutboxHost
            items={loadQueue(memberId)}
            save={(items) => saveQueue(memberId, items)}
            onSent={(stop) => latest.current.onSent(stop)}
            onRemoved={() => latest.current.onRemoved()}
            onStart={onStart}
          />
        </Suspense>
      )}
      {children}
    </QueueContext.Provider>
  );
}

/** The page's queue (a stop card outside CrewOutbox, as in a test of it alone, has none). */
const useQueue = () => useContext(QueueContext);

const noItems: QueuedAction[] = [];

/** The member's waiting actions, in the queue's order. */
export function useQueued(): QueuedAction[] {
  const queue = useQueue();
  const running = useSelector(queue?.outbox ?? undefined, (snapshot) => snapshot?.context.items);
  return running ?? queue?.kept ?? noItems;
}

/** What a stop's machine is given of the queue: whether actions must wait, and where they go. */
export function useQueueFor() {
  const queue = useRef<Queue | null>(null);
  queue.current = useQueue();
  return {
    mustQueue: () => !navigator.onLine || (queue.current?.waiting() ?? 0) > 0,
    enqueue: (action: QueuedAction) => queue.current?.enqueue(action),
  };
}

const LazyQueuedActions = lazyPart(
  () => loadRunner().then(({ QueuedActions }) => QueuedActions),
  null,
);
const LazyQueueSummary = lazyPart(
  () => loadRunner().then(({ QueueSummary }) => QueueSummary),
  null,
);

/** A stop's waiting actions, each with the time it was taken and where it stands. */
export function QueuedActions({ stopId }: { stopId: string }) {
  const outbox = useQueue()?.outbox;
  const waiting = useQueued().some((item) => item.stopId === stopId);
  return outbox && waiting ? (
    <Suspense fallback={null}>
      <LazyQueuedActions outbox={outbox} stopId={stopId} />
    </Suspense>
  ) : null;
}

/** The line at the top of the page while actions wait. */
export function QueueSummary({ listed }: { listed: (stopId: string) => boolean }) {
  const outbox = useQueue()?.outbox;
  const waiting = useQueued().length > 0;
  return outbox && waiting ? (
    <Suspense fallback={null}>
      <LazyQueueSummary outbox={outbox} listed={listed} />
    </Suspense>
  ) : null;
}
