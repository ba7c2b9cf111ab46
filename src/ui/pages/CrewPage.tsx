/**
 * /crew (docs/crew-phone.md): a crew member's day on the phone, today's and tomorrow's jobs with
 * their stops and actions. Runs src/machines/crewJobsMachine.ts with GET crew/jobs, and keeps the
 * last jobs seen in the phone's storage under the member's id, shown when the page opens without
 * network; anyone signed in who is not a crew member is told the page is not for them.
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { crewDayApi } from '../../api/crewDay';
import type { CrewJob } from '../../api/contract/crewDay';
import { crewJobsMachine, type KeptJobs } from '../../machines/crewJobsMachine';
import { usePageMeta } from '../components/PageMeta';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { useFlow } from '../components/useFlow';
import { CrewJobs } from '../crew/CrewJobs';
import { dayHeading, lagosToday } from '../crew/labels';
import { CrewOutbox, QueueSummary } from '../crew/outbox';
import { Session } from '../session';
import '../crew/crew.css';
import { lazyPart } from '../components/lazyPart';

// Only someone who is not a crew member sees it: the crew's page does not carry it.
const NotAllowed = lazyPart(
  () => import('../NotAllowed').then(({ NotAllowed }) => NotAllowed),
  'This page',
);

const NO_NETWORK = 'No network. Check your signal, then try again.';

const keptKey = (memberId: string) => `crewJobs:${memberId}`;

/** The jobs last seen on this phone; nothing when storage is refused or the copy is damaged. */
function keptJobs(memberId: string): KeptJobs | null {
  try {
    const kept = JSON.parse(localStorage.getItem(keptKey(memberId)) ?? 'null') as KeptJobs | null;
    return kept && Array.isArray(kept.jobs) && typeof kept.at === 'string' ? kept : null;
  } catch {
    return null;
  }
}

function keepJobs(memberId: string, kept: KeptJobs) {
  try {
    localStorage.setItem(keptKey(memberId), JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the jobs are not kept for the next visit.
  }
}

/** "14:05", or "Friday 27 November, 14:05" when not today (Lagos: UTC+1 all year). */
function asOf(iso: string) {
  const lagos = new Date(Date.parse(iso) + 3_600_000).toISOString();
  const [day, time] = [lagos.slice(0, 10), lagos.slice(11, 16)];
  const days = lagosToday();
  return day === days.today ? time : `${dayHeading(day, days)}, ${time}`;
}

function CrewDay({ memberId }: { memberId: string }) {
  usePageMeta('Your jobs');
  const [input] = useState(() => ({
    kept: keptJobs(memberId),
    now: () => new Date().toISOString(),
  }));
  const { snapshot, send, busy } = useFlow<typeof crewJobsMachine>(
    crewJobsMachine,
    () => ({
      actors: {
        loadJobs: fromPromise<CrewJob[]>(async () => (await crewDayApi.crewJobs(undefined)).data),
      },
      actions: { keep: (_, kept) => keepJobs(memberId, kept) },
    }),
    input,
  );
  const { jobs, messages, loadedAt, fromPhone } = snapshot.context;
  const onSaved = (stop: CrewJob['stops'][number]) => send({ type: 'stop.updated', stop });
  const listed = (stopId: string) => jobs.some((job) => job.stops.some(({ id }) => id === stopId));
  return (
    // Actions taken without network wait on the phone and go in order when it is back.
    <CrewOutbox
      key={memberId}
      memberId={memberId}
      onSent={onSaved}
      onRemoved={() => send({ type: 'refresh' })}
      // With the jobs loaded (so with network), the queue loads, to be on the phone when it goes.
      ready={snapshot.matches('listed') && !fromPhone}
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
            Offline, as of {asOf(loadedAt!)}: the jobs as last loaded{fromPhone && ' on this phone'}
            . Actions wait on the phone until the network is back.
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
