/** What every staff list shows around its rows: loading, empty, failed with retry, and "Show more". */
import type { ReactNode } from 'react';
import type { SnapshotFrom, EventFrom } from 'xstate';
import type { staffListMachine } from '../../machines/staffListMachine';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { EmptyQueueArt } from '../illustrations/states';

type Snapshot = SnapshotFrom<typeof staffListMachine>;

interface ListStatesProps {
  snapshot: Snapshot;
  send: (event: EventFrom<typeof staffListMachine>) => void;
  /** What is loading, e.g. "orders". */
  noun: string;
  empty: ReactNode;
  children: ReactNode;
}

export function ListStates({ snapshot, send, noun, empty, children }: ListStatesProps) {
  if (snapshot.matches('loading')) return <Waiting>Loading {noun}…</Waiting>;
  if (snapshot.matches('failed')) return <LoadFailed messages={snapshot.context.messages} onRetry={() => send({ type: 'retry' })} />;
  if (snapshot.matches('empty')) {
    return (
      <div className="staff-empty">
        <div className="state-art">
          <EmptyQueueArt />
        </div>
        <p>{empty}</p>
      </div>
    );
  }
  const loadingMore = snapshot.matches('loadingMore');
  return (
    <>
      {children}
      {(snapshot.context.nextCursor !== null || loadingMore) && (
        <p className="actions staff-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={!snapshot.can({ type: 'more' })}
            aria-busy={loadingMore || undefined}
            onClick={() => send({ type: 'more' })}
          >
            {loadingMore && <span className="spinner" aria-hidden="true" />}
            {loadingMore ? 'Loading more...' : 'Show more'}
          </button>
        </p>
      )}
    </>
  );
}
