/**
 * /staff/subscribers — the newsletter subscribers, newest first, paged, and the whole list as a
 * CSV file (Download CSV) for the mailing tool.
 */
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { csvDownloadMachine } from '../../machines/csvDownloadMachine';
import type { PageRequest } from '../../machines/staffListMachine';
import { useFlow } from '../components/useFlow';
import { ListStates } from '../staff/ListStates';
import { StaffLayout } from '../staff/StaffLayout';
import { pageOf, useStaffList } from '../staff/useStaffList';
import { formatLagosDate } from '../tracking/format';

const loadPage = async ({ cursor }: PageRequest) => pageOf(await api.staffSubscribers(undefined, { query: { cursor: cursor ?? undefined } }));

/** Hands the fetched file to the browser as a download. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function DownloadCsv() {
  const { send, busy } = useFlow<typeof csvDownloadMachine>(csvDownloadMachine, () => ({
    actors: { download: fromPromise(async () => save(await api.download('staffSubscribers'), 'subscribers.csv')) },
  }));
  return (
    <p className="actions">
      <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => send({ type: 'download' })}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? 'Downloading...' : 'Download CSV'}
      </button>
    </p>
  );
}

export default function StaffSubscribersPage() {
  const { snapshot, send, rows } = useStaffList<{ email: string; created_at: string }>(loadPage);
  return (
    <StaffLayout title="Subscribers">
      <DownloadCsv />
      <ListStates snapshot={snapshot} send={send} noun="subscribers" empty="No one has subscribed yet.">
        <table className="staff-table">
          <caption className="visually-hidden">Newsletter subscribers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Subscribed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((subscriber) => (
              <tr key={subscriber.email}>
                <th scope="row" data-label="Email">
                  {subscriber.email}
                </th>
                <td data-label="Subscribed">
                  <time dateTime={subscriber.created_at}>{formatLagosDate(subscriber.created_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListStates>
    </StaffLayout>
  );
}
