/**
 * /staff/applications — movers and packers who applied (name, email, phone, age, location,
 * date), newest first, with their status (new, contacted, hired, rejected), saved as soon as it
 * is chosen. A filter shows one status only; "Show more" loads the next page.
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffPeopleApi } from '../../api/staffPeople';
import {
  type StaffApplication,
  applicationStatuses,
  applicationStatusLabels,
  type ApplicationStatus,
} from '../../api/contract/staffPeople';
import { applicationStatusMachine } from '../../machines/applicationStatusMachine';
import { staffListMachineFor, type PageRequest } from '../../machines/staffListMachine';
import { SelectField } from '../components/Field';
import { useFlow } from '../components/useFlow';
import { ListStates } from '../staff/ListStates';
import { StaffLayout } from '../staff/StaffLayout';
import { pageOf, useStaffList } from '../staff/useStaffList';
import { notifySuccess } from '../toast';
import { formatLagosDate } from '../tracking/format';

const loadPage = async ({ filters, cursor }: PageRequest) =>
  pageOf(
    await staffPeopleApi.staffApplications(undefined, {
      query: { status: filters.status, cursor: cursor ?? undefined },
    }),
  );

const applicationsMachine = staffListMachineFor<StaffApplication>();

const statusOptions = applicationStatuses.map((status) => ({
  value: status,
  label: applicationStatusLabels[status],
}));

function StatusChoice({ application }: { application: StaffApplication }) {
  const [input] = useState(() => ({ id: application.id, status: application.status }));
  const {
    snapshot,
    send,
    busy: saving,
  } = useFlow<typeof applicationStatusMachine>(
    applicationStatusMachine,
    () => ({
      actors: {
        saveStatus: fromPromise(({ input }) =>
          staffPeopleApi.staffSetApplicationStatus(
            { status: input.status as ApplicationStatus },
            { id: input.id },
          ),
        ),
      },
      actions: { notifySuccess: (_, { message }) => notifySuccess(message) },
    }),
    input,
  );
  return (
    <div className="application-status" aria-busy={saving || undefined}>
      <SelectField
        label={`Status of ${application.full_name}`}
        options={statusOptions}
        placeholder="Choose…"
        value={snapshot.context.chosen}
        disabled={saving}
        errors={snapshot.matches('failed') ? snapshot.context.messages : undefined}
        onChange={(event) => send({ type: 'status.change', value: event.target.value })}
      />
      {saving && <span className="field-hint">Saving…</span>}
      {snapshot.matches('failed') && (
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => send({ type: 'retry' })}
        >
          Try again
        </button>
      )}
    </div>
  );
}

function ApplicationRows({ applications }: { applications: StaffApplication[] }) {
  return (
    <table className="staff-table">
      <caption className="visually-hidden">Partner applications, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Applied as</th>
          <th scope="col">Contact</th>
          <th scope="col">Age</th>
          <th scope="col">Location</th>
          <th scope="col">Applied</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {applications.map((application) => (
          <tr key={application.id}>
            <th scope="row" data-label="Name">
              {application.full_name}
            </th>
            <td data-label="Applied as">{application.role === 'mover' ? 'Mover' : 'Packer'}</td>
            <td data-label="Contact">
              <div>
                <a href={`tel:${application.mobile_number}`}>{application.mobile_number}</a>
                {application.email && (
                  <span className="staff-contact">
                    <a href={`mailto:${application.email}`}>{application.email}</a>
                  </span>
                )}
              </div>
            </td>
            <td data-label="Age">{application.age}</td>
            <td data-label="Location">{application.location}</td>
            <td data-label="Applied">
              <time dateTime={application.created_at}>
                {formatLagosDate(application.created_at)}
              </time>
            </td>
            <td data-label="Status">
              <StatusChoice application={application} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function StaffApplicationsPage() {
  const { snapshot, send, rows, list } = useStaffList(applicationsMachine, loadPage, ['status']);
  return (
    <StaffLayout title="Applications">
      <form
        className="staff-filters"
        aria-label="Filter applications"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Status"
          options={statusOptions}
          placeholder="Any status"
          value={snapshot.context.filters.status}
          onChange={(event) =>
            send({ type: 'filter.change', values: { status: event.target.value } })
          }
        />
      </form>
      <ListStates
        list={list}
        noun="applications"
        empty={
          snapshot.context.filters.status
            ? 'No applications with this status.'
            : 'No one has applied yet.'
        }
      >
        <ApplicationRows applications={rows} />
      </ListStates>
    </StaffLayout>
  );
}
