/**
 * Assign or reassign one order to a crew for a day and a window (docs/crews.md, "Assignment"),
 * on the dispatch board and on the staff order page: crew, day, window start and end (Lagos
 * time). Runs assignmentMachine with the real calls; the crew's overlapping jobs in the answer
 * are a warning, not an error. `onAssigned` shows the board or the order again.
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { crewsApi } from '../../api/crews';
import {
  assignmentRequest,
  vehicleLabels,
  type Assignment,
  type Crew,
} from '../../api/contract/crews';
import { todayInLagos } from '../../api/contract/rules';
import { assignmentMachine, type AssignmentValues } from '../../machines/assignmentMachine';
import { SelectField, TextField } from '../components/Field';
import { Link } from '../components/Link';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { SubmitButton } from '../components/SubmitButton';
import { formOf, useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';
import { formatDay } from '../tracking/format';
import './crews.css';

async function assign(reference: string, values: AssignmentValues) {
  const answer = await crewsApi.assignOrder(assignmentRequest.parse(values), { id: reference });
  return answer.data;
}

const loadCrews = async () => (await crewsApi.staffCrews(undefined)).data;

export const crewLabel = (crew: Pick<Crew, 'name' | 'vehicle' | 'plate'>) =>
  `${crew.name} · ${vehicleLabels[crew.vehicle]} ${crew.plate}`;

/** "09:00–12:00" */
export const windowOf = (start: string | null, end: string | null) =>
  start && end ? `${start}–${end}` : 'no window yet';

export function AssignmentForm({
  reference,
  date,
  current,
  onAssigned,
  onClose,
}: {
  reference: string;
  /** The day the form starts with when the order has no assignment yet. */
  date?: string;
  current: Assignment | null;
  onAssigned: () => void;
  onClose?: () => void;
}) {
  const [input] = useState(() => ({ reference, date: date ?? todayInLagos(), current }));
  const flow = useFlow<typeof assignmentMachine>(
    assignmentMachine,
    () => ({
      actors: {
        loadCrews: fromPromise(loadCrews),
        assign: fromPromise(({ input }) => assign(input.reference, input.request)),
      },
      actions: {
        notifySuccess: (_, { message }) => notifySuccess(message),
        assigned: () => onAssigned(),
      },
    }),
    input,
  );
  const { snapshot, send, busy } = flow;
  const { field, onSubmit } = formOf(flow);
  const { crews, messages, result } = snapshot.context;
  const headingId = `assign-${reference}`;
  const close = onClose && (
    <button type="button" className="button button-secondary" onClick={onClose}>
      Close
    </button>
  );

  if (snapshot.matches('loadingCrews')) return <Waiting>Loading the crews…</Waiting>;
  if (snapshot.matches('crewsFailed'))
    return <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />;
  if (snapshot.matches('assigned') && result) {
    const { assignment, conflicts } = result;
    return (
      <div className="assignment-done" role="group" aria-labelledby={headingId}>
        <p id={headingId} role="status">
          <span className="reference">{reference}</span> is assigned to{' '}
          <strong>{assignment.crew_name}</strong> on {formatDay(assignment.date)},{' '}
          {windowOf(assignment.window_start, assignment.window_end)}.
        </p>
        {conflicts.length > 0 && (
          <div className="assignment-warning">
            <p>
              <strong>Warning:</strong> this window overlaps other jobs of {assignment.crew_name}.
              It is assigned all the same.
            </p>
            <ul>
              {conflicts.map((conflict) => (
                <li key={conflict.reference}>
                  <span className="reference">{conflict.reference}</span>,{' '}
                  {windowOf(conflict.window_start, conflict.window_end)}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'assignment.edit' })}
          >
            Change it
          </button>
          {close}
        </p>
      </div>
    );
  }
  if (!crews.length)
    return (
      <p>
        No crews yet: <Link to="/staff/crews">make one on the Crews page</Link>. {close}
      </p>
    );
  return (
    <form
      className="staff-form assignment-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <h3 id={headingId}>
        {current ? 'Change the crew of' : 'Assign'} <span className="reference">{reference}</span>
      </h3>
      <SelectField
        label="Crew"
        required
        autoFocus
        placeholder="Choose a crew…"
        options={crews.map((crew) => ({ value: crew.id, label: crewLabel(crew) }))}
        {...field('crew_id')}
      />
      <TextField label="Day" type="date" required min={todayInLagos()} {...field('date')} />
      <div className="assignment-window">
        <TextField label="Window starts" type="time" required {...field('window_start')} />
        <TextField
          label="Window ends"
          type="time"
          required
          hint="Lagos time, at most 4 hours after it starts."
          {...field('window_end')}
        />
      </div>
      {snapshot.matches('failed') && (
        <div className="problem" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
          <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
            Try again
          </button>
        </div>
      )}
      <p className="actions">
        <SubmitButton busy={snapshot.matches('submitting')} busyLabel="Assigning…">
          {current ? 'Reassign' : 'Assign'}
        </SubmitButton>
        {close}
      </p>
    </form>
  );
}
