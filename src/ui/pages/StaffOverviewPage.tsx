/**
 * /staff — the Overview: what needs doing now, each count a link to the queue filtered to
 * exactly those orders (overviewFilter in the contract: the server counts with the same filter).
 * Cancelled and delivered orders count nowhere. The counts refresh every minute while the page
 * is open (staffOverviewMachine).
 */
import { fromPromise } from 'xstate';
import { staffListsApi } from '../../api/staffLists';
import { overviewFilter, type Overview, type OverviewCount } from '../../api/contract/staffLists';
import { staffOverviewMachine } from '../../machines/staffOverviewMachine';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { Link } from '../components/Link';
import { useFlow } from '../components/useFlow';
import { StaffLayout } from '../staff/StaffLayout';
import { formatDay } from '../tracking/format';

interface Tile {
  count: OverviewCount;
  label: string;
  /** What the link opens, said to a screen reader after the number. */
  hint: string;
}

/** The day's work (docs/crews.md, "Dispatch" and "Needs attention"). */
const dayWorkTiles: Tile[] = [
  {
    count: 'unassigned_today',
    label: 'Jobs today with no crew',
    hint: "today's dispatch board, overdue jobs first",
  },
  {
    count: 'attention',
    label: 'Need attention',
    hint: 'failed stops to give a new window, handovers without a code to review',
  },
];

const groups: { heading: string; tiles: Tile[] }[] = [
  {
    heading: 'Prices',
    tiles: [
      {
        count: 'unpriced',
        label: 'Need a price',
        hint: 'open orders with no live price, oldest first',
      },
      {
        count: 'awaiting_answer',
        label: 'Waiting for the customer',
        hint: 'prices sent and not yet answered',
      },
      {
        count: 'expiring_today',
        label: 'Offers ending today',
        hint: 'prices whose last valid day is today',
      },
    ],
  },
  {
    heading: 'Money',
    tiles: [
      {
        count: 'unpaid',
        label: 'Accepted, not fully paid',
        hint: 'open orders owing part or all of an accepted price, soonest job first',
      },
      { count: 'refunds_due', label: 'Refunds due', hint: 'orders owed money back, oldest first' },
    ],
  },
  {
    heading: 'Jobs',
    tiles: [
      {
        count: 'jobs_today',
        label: 'Pickups and moves today',
        hint: 'open orders whose job date is today',
      },
      {
        count: 'jobs_tomorrow',
        label: 'Pickups and moves tomorrow',
        hint: 'open orders whose job date is tomorrow',
      },
      ...dayWorkTiles,
    ],
  },
];

/**
 * Where a count links: the queue under the count's own filter, but the jobs with no crew open
 * today's dispatch board, where they are assigned (it lists the overdue ones first).
 */
export const queueLink = (count: OverviewCount, overview: Pick<Overview, 'today' | 'tomorrow'>) =>
  count === 'unassigned_today'
    ? `/staff/dispatch?date=${overview.today}`
    : `/staff/orders?${new URLSearchParams(overviewFilter(count, overview) as Record<string, string>).toString()}`;

function Counts({ overview }: { overview: Overview }) {
  return (
    <div className="overview-groups">
      {groups.map(({ heading, tiles }) => (
        <section key={heading} className="overview-group" aria-labelledby={`overview-${heading}`}>
          <h2 id={`overview-${heading}`}>{heading}</h2>
          <ul className="overview-tiles">
            {tiles.map(({ count, label, hint }) => (
              <li key={count}>
                <Link
                  className={`overview-tile${overview[count] > 0 ? ' overview-tile-due' : ''}`}
                  to={queueLink(count, overview)}
                >
                  <span className="overview-number">{overview[count]}</span>
                  <span className="overview-label">{label}</span>
                  <span className="visually-hidden">: {hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function StaffOverviewPage() {
  const { snapshot, send, busy } = useFlow<typeof staffOverviewMachine>(
    staffOverviewMachine,
    () => ({
      actors: {
        loadOverview: fromPromise(async () => (await staffListsApi.staffOverview(undefined)).data),
      },
    }),
  );
  const { overview, messages, takenAt } = snapshot.context;
  return (
    <StaffLayout title="Overview">
      {snapshot.matches('loading') && <Waiting>Counting what needs doing…</Waiting>}
      {snapshot.matches('failed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {overview && (
        <>
          <p className="overview-when">
            {formatDay(overview.today)} · counted{' '}
            {takenAt && (
              <time dateTime={new Date(takenAt).toISOString()}>
                {new Date(takenAt).toLocaleTimeString('en-GB', {
                  timeZone: 'Africa/Lagos',
                  hour: '2-digit',
                  minute: '2-digit',
                })}
              </time>
            )}{' '}
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => send({ type: 'refresh' })}
            >
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? 'Counting…' : 'Count again'}
            </button>
          </p>
          {messages.length > 0 && (
            <p className="problem" role="alert">
              These counts may be out of date: {messages.join(' ')}
            </p>
          )}
          <Counts overview={overview} />
        </>
      )}
    </StaffLayout>
  );
}
