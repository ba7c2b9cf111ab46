/**
 * /staff/crews (docs/crews.md, "Crews"): every crew with its vehicle, plate and members (the lead
 * marked); a form to make a crew; per crew, a member added by the email of an existing account
 * and removed after confirming (at once, like removing staff). The flow is crewEditorMachine;
 * this page renders and sends.
 */
import type { FormEvent } from 'react';
import { fromPromise, type EventFrom, type SnapshotFrom } from 'xstate';
import { crewsApi } from '../../api/crews';
import { crewRequest, vehicleLabels, vehicles, type Crew } from '../../api/contract/crews';
import { crewEditorMachine, memberForm, NEW_CREW } from '../../machines/crewEditorMachine';
import type { Values } from '../../machines/formFields';
import { SelectField, TextField } from '../components/Field';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { SubmitButton } from '../components/SubmitButton';
import { useFlow } from '../components/useFlow';
import { Confirm } from '../staff/Confirm';
import { StaffLayout } from '../staff/StaffLayout';
import { notifySuccess } from '../toast';
import '../orders/orders.css';
import '../staff/crews.css';

const createCrew = async (values: Values) =>
  (await crewsApi.createCrew(crewRequest.parse(values))).data;

interface Flow {
  snapshot: SnapshotFrom<typeof crewEditorMachine>;
  send: (event: EventFrom<typeof crewEditorMachine>) => void;
  field: (
    form: string,
    name: string,
  ) => {
    value: string;
    errors?: string[];
    onChange: (event: { target: { value: string } }) => void;
  };
}

export default function StaffCrewsPage() {
  const { snapshot, send } = useFlow<typeof crewEditorMachine>(crewEditorMachine, () => ({
    actors: {
      loadCrews: fromPromise(async () => (await crewsApi.staffCrews(undefined)).data),
      createCrew: fromPromise(({ input }) => createCrew(input)),
      addMember: fromPromise(
        async ({ input }) =>
          (await crewsApi.addCrewMember({ email: input.email }, { id: input.crewId })).data,
      ),
      removeMember: fromPromise(
        async ({ input }) =>
          (await crewsApi.removeCrewMember(undefined, { id: input.crewId, key: input.memberId }))
            .data,
      ),
    },
    actions: { notifySuccess: (_, { message }) => notifySuccess(message) },
  }));
  const { crews, forms, errors, messages } = snapshot.context;
  const field = (form: string, name: string) => ({
    value: forms[form]?.[name] ?? '',
    errors: errors[form]?.[name],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'field.change', form, name, value: event.target.value }),
  });
  const create = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'crew.create' });
  };

  return (
    <StaffLayout title="Crews">
      {snapshot.matches('loading') && <Waiting>Loading the crews…</Waiting>}
      {snapshot.matches('failed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {snapshot.matches('ready') && (
        <div className="staff-actions">
          {crews.length === 0 ? (
            <p>No crews yet. Make the first one below.</p>
          ) : (
            <ul className="crews">
              {crews.map((crew) => (
                <li key={crew.id}>
                  <CrewCard crew={crew} snapshot={snapshot} send={send} field={field} />
                </li>
              ))}
            </ul>
          )}

          <section className="order-part" aria-labelledby="new-crew">
            <h2 id="new-crew">Make a crew</h2>
            <form
              className="staff-form"
              onSubmit={create}
              noValidate
              aria-busy={snapshot.matches({ ready: 'creating' }) || undefined}
            >
              <TextField label="Name" required autoComplete="off" {...field(NEW_CREW, 'name')} />
              <SelectField
                label="Vehicle"
                required
                placeholder="Choose…"
                options={vehicles.map((vehicle) => ({
                  value: vehicle,
                  label: vehicleLabels[vehicle],
                }))}
                {...field(NEW_CREW, 'vehicle')}
              />
              <TextField
                label="Plate number"
                required
                autoComplete="off"
                {...field(NEW_CREW, 'plate')}
              />
              <p className="actions">
                <SubmitButton
                  busy={snapshot.matches({ ready: 'creating' })}
                  busyLabel="Making the crew…"
                >
                  Make the crew
                </SubmitButton>
              </p>
            </form>
          </section>
        </div>
      )}
    </StaffLayout>
  );
}

/** One crew: its vehicle, its members (the lead marked, each with Remove), and "add a member". */
function CrewCard({ crew, snapshot, send, field }: { crew: Crew } & Flow) {
  const { removal, addingTo } = snapshot.context;
  const confirming =
    snapshot.matches({ ready: 'confirmingRemoval' }) && removal?.crewId === crew.id;
  const removing = snapshot.matches({ ready: 'removingMember' }) && removal?.crewId === crew.id;
  const adding = snapshot.matches({ ready: 'addingMember' }) && addingTo === crew.id;
  const idle = snapshot.matches({ ready: 'idle' });
  const headingId = `crew-${crew.id}`;
  const add = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'member.add', crewId: crew.id });
  };
  return (
    <section className="order-part" aria-labelledby={headingId}>
      <h2 id={headingId}>{crew.name}</h2>
      <p className="crew-vehicle">
        {vehicleLabels[crew.vehicle]} · plate <strong>{crew.plate}</strong>
      </p>
      {crew.members.length === 0 ? (
        <p>No members yet.</p>
      ) : (
        <ul className="crew-members" aria-label={`Members of ${crew.name}`}>
          {crew.members.map((member) => (
            <li key={member.id} className="crew-member">
              <span>
                {member.fullname}
                {member.is_lead && <span className="crew-lead"> (lead)</span>}
              </span>
              <a href={`mailto:${member.email}`}>{member.email}</a>
              <a href={`tel:${member.phone}`}>{member.phone}</a>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={!idle}
                onClick={() =>
                  send({ type: 'member.remove', crewId: crew.id, memberId: member.id })
                }
              >
                Remove <span className="visually-hidden">{member.fullname}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {(confirming || removing) && removal && (
        <Confirm
          id={`confirm-remove-${crew.id}`}
          yes="Yes, remove"
          busy={removing}
          busyLabel="Removing…"
          send={send}
        >
          Remove <strong>{removal.member.fullname}</strong> from {crew.name}? It takes effect at
          once: they no longer see the crew’s jobs.
        </Confirm>
      )}
      <form className="crew-add" onSubmit={add} noValidate aria-busy={adding || undefined}>
        <TextField
          label={`Add a member to ${crew.name}`}
          hint="The email of their account."
          type="email"
          autoComplete="off"
          {...field(memberForm(crew.id), 'email')}
        />
        <SubmitButton busy={adding} busyLabel="Adding…" disabled={!idle && !adding}>
          Add member
        </SubmitButton>
      </form>
    </section>
  );
}
