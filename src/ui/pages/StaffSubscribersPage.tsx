/**
 * /staff/subscribers — the newsletter subscribers, newest first, paged, and the whole list as a
 * CSV file (Download CSV) for the mailing tool.
 */
import { staffPeopleApi } from '../../api/staffPeople';
import type { Subscriber } from '../../api/contract/staffPeople';
import { staffListMachineFor, type PageRequest } from '../../machines/staffListMachine';
import { DownloadCsv } from '../staff/DownloadCsv';
import { ListStates } from '../staff/ListStates';
import { StaffLayout } from '../staff/StaffLayout';
import { pageOf, useStaffList } from '../staff/useStaffList';
import { formatLagosDate } from '../tracking/format';

const loadPage = async ({ cursor }: PageRequest) =>
  pageOf(
    await staffPeopleApi.staffSubscribers(undefined, { query: { cursor: cursor ?? undefined } }),
  );

const subscribersMachine = staffListMachineFor<Subscriber>();

export default function StaffSubscribersPage() {
  const { rows, list } = useStaffList(subscribersMachine, loadPage);
  return (
    <StaffLayout title="Subscribers">
      <p className="actions">
        <DownloadCsv
          label="Download CSV"
          fileName="subscribers.csv"
          fetchFile={() => staffPeopleApi.download('staffSubscribers')}
        />
      </p>
      <ListStates list={list} noun="subscribers" empty="No one has subscribed yet.">
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
                  <time dateTime={subscriber.created_at}>
                    {formatLagosDate(subscriber.created_at)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListStates>
    </StaffLayout>
  );
}
