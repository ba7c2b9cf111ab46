/** What every staff list shows around its rows: loading, empty, failed with retry, and "Show more". */
import { Suspense, type ReactNode } from 'react';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { lazyPart } from '../components/lazyPart';

// Drawn only for an empty queue: a queue with work never downloads it (with the shapes every
// drawing is made of).
const EmptyQueueArt = lazyPart(
  () => import('../illustrations/states').then(({ EmptyQueueArt }) => EmptyQueueArt),
  null,
);

/** A list's state as its page shows it (useStaffList makes it from the machine's snapshot). */
export interface ListView {
  phase: 'loading' | 'failed' | 'empty' | 'listed' | 'loadingMore';
  messages: string[];
  hasMore: boolean;
  canMore: boolean;
  onRetry: () => void;
  onMore: () => void;
}

interface ListStatesProps {
  list: ListView;
  /** What is loading, e.g. "orders". */
  noun: string;
  empty: ReactNode;
  children: ReactNode;
}

export function ListStates({ list, noun, empty, children }: ListStatesProps) {
  if (list.phase === 'loading') return <Waiting>Loading {noun}…</Waiting>;
  if (list.phase === 'failed')
    return <LoadFailed messages={list.messages} onRetry={list.onRetry} />;
  if (list.phase === 'empty') {
    return (
      <div className="staff-empty">
        <div className="state-art">
          <Suspense fallback={null}>
            <EmptyQueueArt />
          </Suspense>
        </div>
        <p>{empty}</p>
      </div>
    );
  }
  const loadingMore = list.phase === 'loadingMore';
  return (
    <>
      {children}
      {(list.hasMore || loadingMore) && (
        <p className="actions staff-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={!list.canMore}
            aria-busy={loadingMore || undefined}
            onClick={list.onMore}
          >
            {loadingMore && <span className="spinner" aria-hidden="true" />}
            {loadingMore ? 'Loading more...' : 'Show more'}
          </button>
        </p>
      )}
    </>
  );
}
