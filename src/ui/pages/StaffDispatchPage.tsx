/**
 * /staff/dispatch?date= (docs/crews.md, "Dispatch"): the day's board. First the jobs with no
 * crew (overdue ones first, marked), then each crew's jobs in window order, a window that overlaps
 * another of the same crew marked in words as well as colour. The day is in the address (today
 * in Lagos when it names none) and changes with the day field or the previous/next day buttons.
 * Every job has an Assign (or Reassign) button that opens the assignment form under it, all of
 * it usable with the keyboard. The flow is dispatchMachine; the form is AssignmentForm.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { crewsApi } from '../../api/crews';
import {
  vehicleLabels,
  type Assignment,
  type Dispatch,
  type DispatchJob,
} from '../../api/contract/crews';
import { serviceTypeLabels, todayInLagos } from '../../api/contract/rules';
import { dispatchMachine } from '../../machines/dispatchMachine';
import { TextField } from '../components/Field';
import { Link } from '../components/Link';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { useFlow } from '../components/useFlow';
import { paths } from '../paths';
import { AssignmentForm, windowOf } from '../staff/AssignmentForm';
import { StaffLayout } from '../staff/StaffLayout';
import { formatDay } from '../tracking/format';
import '../orders/orders.css';
import '../staff/crews.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The board's day: the address's `date`, else today in Lagos. */
const dayOf = (search: string) => {
  const date = new URLSearchParams(search).get('date') ?? '';
  return DAY.test(date) ? date : todayInLagos();
};
/** The day `days` after a YYYY-MM-DD day (before it when negative). */
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Overdue first (they are late already), then as the server listed them. */
const overdueFirst = (jobs: DispatchJob[]) =>
  [...jobs].sort((a, b) => Number(b.overdue) - Number(a.overdue));
const inWindowOrder = (jobs: DispatchJob[]) =>
  [...jobs].sort((a, b) => (a.window_start ?? '').localeCompare(b.window_start ?? ''));

/** The id of the panel with the assignment form. */
const ASSIGNING = 'board-assigning';

/** A job's assignment as the board shows it: the crew whose list it is on, null when unassigned. */
function assignmentOf(board: Dispatch, reference: string): Assignment | null {
  for (const { crew, jobs } of board.crews) {
    const job = jobs.find((shown) => shown.reference === reference);
    if (job)
      return {
        crew_id: crew.id,
        crew_name: crew.name,
        date: job.job_date ?? board.date,
        window_start: job.window_start ?? '',
        window_end: job.window_end ?? '',
      };
  }
  return null;
}

interface JobProps {
  job: DispatchJob;
  /** On a crew's list. */
  assigned: boolean;
  /** Its assignment form is open. */
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

function Job({ job, assigned, open, onOpen, onClose }: JobProps) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  // Closing the form gives the focus back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const classes = ['board-job'];
  if (job.overdue) classes.push('board-job-overdue');
  if (job.conflict) classes.push('board-job-conflict');
  return (
    <li className={classes.join(' ')}>
      <p className="board-job-head">
        <Link to={paths.staffOrder(job.reference)} className="reference">
          {job.reference}
        </Link>
        <span>{serviceTypeLabels[job.service_type]}</span>
        <span className="board-window">{windowOf(job.window_start, job.window_end)}</span>
      </p>
      <p>{job.address}</p>
      {job.overdue && (
        <p className="board-flag board-flag-overdue">
          Overdue: booked for {job.job_date ? formatDay(job.job_date) : 'an earlier day'}
        </p>
      )}
      {job.conflict && (
        <p className="board-flag">
          <span aria-hidden="true">⚠ </span>Overlaps another job of this crew
        </p>
      )}
      <p className="actions">
        <button
          ref={button}
          type="button"
          className="button button-small"
          aria-expanded={open}
          aria-controls={open ? ASSIGNING : undefined}
          onClick={open ? onClose : onOpen}
        >
          {assigned ? 'Reassign' : 'Assign'}{' '}
          <span className="visually-hidden">{job.reference}</span>
        </button>
      </p>
    </li>
  );
}

function Board({
  board,
  chosen,
  jobProps,
}: {
  board: Dispatch;
  chosen: string | null;
  jobProps: (job: DispatchJob) => Pick<JobProps, 'onOpen' | 'onClose'>;
}) {
  const unassigned = overdueFirst(board.unassigned);
  return (
    <div className="board">
      <section className="order-part" aria-labelledby="board-unassigned">
        <h2 id="board-unassigned">No crew yet ({unassigned.length})</h2>
        {unassigned.length === 0 ? (
          <p>Every job of the day has a crew.</p>
        ) : (
          <ol className="board-jobs">
            {unassigned.map((job) => (
              <Job
                key={job.reference}
                job={job}
                assigned={false}
                open={chosen === job.reference}
                {...jobProps(job)}
              />
            ))}
          </ol>
        )}
      </section>
      {board.crews.map(({ crew, jobs }) => {
        const lead = crew.members.find((member) => member.is_lead);
        const conflicts = jobs.filter((job) => job.conflict).length;
        return (
          <section key={crew.id} className="order-part" aria-labelledby={`board-crew-${crew.id}`}>
            <h2 id={`board-crew-${crew.id}`}>
              {crew.name} ({jobs.length})
            </h2>
            <p className="crew-vehicle">
              {vehicleLabels[crew.vehicle]} · plate {crew.plate}
              {lead ? ` · lead ${lead.fullname}` : ''}
            </p>
            {conflicts > 0 && (
              <p className="board-flag">
                <span aria-hidden="true">⚠ </span>
                {conflicts} jobs with overlapping windows
              </p>
            )}
            {jobs.length === 0 ? (
              <p>No jobs this day.</p>
            ) : (
              <ol className="board-jobs">
                {inWindowOrder(jobs).map((job) => (
                  <Job
                    key={job.reference}
                    job={job}
                    assigned
                    open={chosen === job.reference}
                    {...jobProps(job)}
                  />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}

export default function StaffDispatchPage() {
  const location = useLocation();
  const [input] = useState(() => ({ date: dayOf(location.search) }));
  const { snapshot, send, busy } = useFlow<typeof dispatchMachine>(
    dispatchMachine,
    ({ navigate }) => ({
      actors: {
        loadBoard: fromPromise(
          async ({ input }) => (await crewsApi.dispatch(undefined, { query: input })).data,
        ),
      },
      actions: {
        writeAddress: (_, { date }) => navigate({ search: `?date=${date}` }),
      },
    }),
    input,
  );
  useEffect(() => {
    send({ type: 'address.change', date: dayOf(location.search) });
  }, [location.search, send]);
  const { date, board, chosen, messages } = snapshot.context;
  const toDay = (day: string) => send({ type: 'date.change', date: day });

  return (
    <StaffLayout title="Dispatch">
      <div className="board-day" role="group" aria-label="The board's day">
        <TextField
          label="Day"
          type="date"
          value={date}
          onChange={(event) => toDay(event.target.value)}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => toDay(shiftDay(date, -1))}
        >
          Previous day
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => toDay(shiftDay(date, 1))}
        >
          Next day
        </button>
        {busy && board && <Waiting>Loading the board again…</Waiting>}
      </div>
      <p className="overview-when">{formatDay(date)}</p>
      {snapshot.matches('loading') && <Waiting>Loading the board…</Waiting>}
      {snapshot.matches('failed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {board && messages.length > 0 && (
        <p className="problem" role="alert">
          This board may be out of date: {messages.join(' ')}
        </p>
      )}
      {board && chosen && (
        // Above the lists, so it stays while the board loads again and the job moves to its crew.
        <section
          id={ASSIGNING}
          className="order-part board-assigning"
          aria-label={`Assignment of ${chosen}`}
        >
          <AssignmentForm
            key={chosen}
            reference={chosen}
            date={date}
            current={assignmentOf(board, chosen)}
            onAssigned={() => send({ type: 'board.refresh' })}
            onClose={() => send({ type: 'job.close' })}
          />
        </section>
      )}
      {board && (
        <Board
          board={board}
          chosen={chosen}
          jobProps={(job) => ({
            onOpen: () => send({ type: 'job.choose', reference: job.reference }),
            onClose: () => send({ type: 'job.close' }),
          })}
        />
      )}
    </StaffLayout>
  );
}
