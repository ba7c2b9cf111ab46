/**
 * /crew (docs/crew-phone.md): a crew member's day on the phone, today's and tomorrow's jobs with
 * their stops and actions. Runs src/machines/crewJobsMachine.ts with GET crew/jobs; anyone signed
 * in who is not a crew member is told the page is not for them.
 */
import { lazy } from 'react';
import { fromPromise } from 'xstate';
import { crewDayApi } from '../../api/crewDay';
import type { CrewJob } from '../../api/contract/crewDay';
import { crewJobsMachine } from '../../machines/crewJobsMachine';
import { usePageMeta } from '../components/PageMeta';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { useFlow } from '../components/useFlow';
import { CrewJobs } from '../crew/CrewJobs';
import { CrewOutbox, QueueSummary } from '../crew/outbox';
import { Session } from '../session';
import '../crew/crew.css';

// Only someone who is not a crew member sees it: the crew's page does not carry it.
const NotAllowed = lazy(() =>
  import('../NotAllowed').then(({ NotAllowed }) => ({ default: NotAllowed })),
);

const NO_NETWORK = 'No network. Check your signal, then try again.';

function CrewDay({ memberId }: { memberId: string }) {
  usePageMeta('Your jobs');
  const { snapshot, send, busy } = useFlow<typeof crewJobsMachine>(crewJobsMachine, () => ({
    actors: {
      loadJobs: fromPromise<CrewJob[]>(async () => (await crewDayApi.crewJobs(undefined)).data),
    },
  }));
  const { jobs, messages } = snapshot.context;
  const onSaved = (stop: CrewJob['stops'][number]) => send({ type: 'stop.updated', stop });
  const listed = (stopId: string) => jobs.some((job) => job.stops.some(({ id }) => id === stopId));
  return (
    // Actions taken without network wait on the phone and go in order when it is back.
    <CrewOutbox
      key={memberId}
      memberId={memberId}
      onSent={onSaved}
      onRemoved={() => send({ type: 'refresh' })}
      // With the jobs on screen (so with network), the queue loads, to be on the phone when it goes.
      ready={snapshot.matches('listed')}
    >
      <section className="page crew-page">
        <div className="crew-top">
          <h1>Your jobs</h1>
          {snapshot.matches('listed') && (
            <button
              type="button"
              className="button button-secondary"
              disabled={!snapshot.can({ type: 'refresh' })}
              onClick={() => send({ type: 'refresh' })}
            >
              {busy ? 'Refreshing…' : 'Refresh'}
            </button>
          )}
        </div>
        <QueueSummary listed={listed} />
        {snapshot.matches('loading') && <Waiting>Loading your jobs…</Waiting>}
        {snapshot.matches('offline') && (
          <LoadFailed messages={[NO_NETWORK]} onRetry={() => send({ type: 'retry' })} />
        )}
        {snapshot.matches('failed') && (
          <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
        )}
        {snapshot.matches({ listed: 'offline' }) && (
          <p className="crew-problem" role="alert">
            {NO_NETWORK} These are the jobs as last loaded.
          </p>
        )}
        {snapshot.matches({ listed: 'stale' }) && (
          <p className="crew-problem" role="alert">
            {messages.join(' ')} These are the jobs as last loaded.
          </p>
        )}
        {snapshot.matches('listed') && <CrewJobs jobs={jobs} onSaved={onSaved} />}
      </section>
    </CrewOutbox>
  );
}

export default function CrewPage() {
  const memberId = Session.useSelector((snapshot) =>
    snapshot.context.session?.role === 'crew' ? snapshot.context.session.id : null,
  );
  return memberId ? (
    <CrewDay memberId={memberId} />
  ) : (
    <NotAllowed whom="the company's delivery crews" given="added to a crew" />
  );
}
