/**
 * /staff/orders — the order queue: every quote and delivery, filtered by status, service, where
 * the price stands and the job's date range; sorted by creation or job date; searched by
 * reference, name, email or phone (`/` puts the cursor in the search box). Every filter lives in
 * the address, so reload, back and a pasted link show the same list. Export CSV downloads every
 * order of the current filter; "Show more" loads the next page. Each row links to its order.
 */
import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { staffListsApi } from '../../api/staffLists';
import { paymentStateLabels, paymentStates } from '../../api/contract/orders';
import {
  serviceTypeLabels,
  serviceTypes,
  shipmentStatuses,
  statusLabels,
} from '../../api/contract/rules';
import { priceFilters, type PriceFilter, type StaffOrder } from '../../api/contract/staffLists';
import type { QueryOf } from '../../api/contract';
import { staffListMachineFor, type PageRequest } from '../../machines/staffListMachine';
import { SelectField, TextField } from '../components/Field';
import { Link } from '../components/Link';
import { DownloadCsv } from '../staff/DownloadCsv';
import { ListStates } from '../staff/ListStates';
import { OfferBadge } from '../staff/OfferBadge';
import { StaffLayout } from '../staff/StaffLayout';
import { pageOf, useStaffList } from '../staff/useStaffList';
import { formatDay, formatLagosDate } from '../tracking/format';
import { paths } from '../paths';
import '../orders/money.css';

/** The queue's filters as they appear in the address, in this order. */
const FILTERS = [
  'status',
  'service_type',
  'price',
  'payment_state',
  'job_from',
  'job_to',
  'sort',
  'dir',
] as const;

const queueMachine = staffListMachineFor<StaffOrder>();

/** The filters the server takes; a hand-edited address with an unknown value is left to the server to refuse at its field. */
const queryFor = ({ filters, q }: Pick<PageRequest, 'filters' | 'q'>) =>
  ({ ...filters, q }) as QueryOf<'staffOrders'>;

const loadPage = async ({ filters, q, cursor }: PageRequest) =>
  pageOf(
    await staffListsApi.staffOrders(undefined, {
      query: { ...queryFor({ filters, q }), cursor: cursor ?? undefined },
    }),
  );

const statusOptions = [
  { value: 'open', label: 'Open (to inspect or shipped)' },
  ...shipmentStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
];
const serviceOptions = serviceTypes.map((type) => ({
  value: type,
  label: serviceTypeLabels[type],
}));
const priceLabels: Record<PriceFilter, string> = {
  none: 'Needs a price',
  awaiting: 'Waiting for the customer',
  expiring_today: 'Offer ends today',
};
const priceOptions = priceFilters.map((price) => ({ value: price, label: priceLabels[price] }));
const paymentOptions = [
  { value: 'owing', label: 'Owing (unpaid or part paid)' },
  ...paymentStates.map((state) => ({ value: state, label: paymentStateLabels[state] })),
];
/** Sort and direction in one choice: the value is `sort:dir`. */
const sortOptions = [
  { value: 'created:desc', label: 'Newest first' },
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'job_date:asc', label: 'Job date, soonest first' },
  { value: 'job_date:desc', label: 'Job date, latest first' },
];
const sortValueOf = ({ sort, dir }: Record<string, string>) => {
  const by = sort || 'created';
  return `${by}:${dir || (by === 'created' ? 'desc' : 'asc')}`;
};

/** `/` anywhere outside a field puts the cursor in the search box, as in most work tools. */
function useSlashToSearch(search: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      search.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [search]);
}

function OrderRows({ orders, caption }: { orders: StaffOrder[]; caption: string }) {
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Service</th>
          <th scope="col">Customer</th>
          <th scope="col">Created</th>
          <th scope="col">Job date</th>
          <th scope="col">Status</th>
          <th scope="col">Price</th>
          <th scope="col">Payment</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.reference_number}>
            <th scope="row" data-label="Reference">
              <Link className="reference" to={paths.staffOrder(order.reference_number)}>
                {order.reference_number}
              </Link>
            </th>
            <td data-label="Service">{serviceTypeLabels[order.service_type]}</td>
            <td data-label="Customer">
              <div>
                {order.customer.fullname}
                <span className="staff-contact">{order.customer.email}</span>
                <span className="staff-contact">{order.customer.phone}</span>
              </div>
            </td>
            <td data-label="Created">
              <time dateTime={order.created_at}>{formatLagosDate(order.created_at)}</time>
            </td>
            <td data-label="Job date">
              {order.job_date ? (
                <time dateTime={order.job_date}>{formatDay(order.job_date)}</time>
              ) : (
                '—'
              )}
            </td>
            <td data-label="Status">
              <span className={`status-pill status-pill-${order.status}`}>
                {statusLabels[order.status]}
              </span>
            </td>
            <td data-label="Price">
              <OfferBadge offer={order.offer} />
            </td>
            <td data-label="Payment">
              {order.payment_state ? (
                <span className={`payment-badge payment-badge-${order.payment_state}`}>
                  {paymentStateLabels[order.payment_state]}
                </span>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function StaffQueuePage() {
  const { snapshot, send, rows, list } = useStaffList(queueMachine, loadPage, FILTERS);
  const { filters, searchText, q } = snapshot.context;
  const search = useRef<HTMLInputElement>(null);
  useSlashToSearch(search);
  const change = (values: Record<string, string>) => send({ type: 'filter.change', values });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'search.submit' });
  };
  const filtered =
    q !== '' || FILTERS.some((name) => name !== 'sort' && name !== 'dir' && filters[name]);
  const [sortLabel] = sortOptions
    .filter((option) => option.value === sortValueOf(filters))
    .map((option) => option.label);
  return (
    <StaffLayout title="Orders">
      <form
        className="staff-filters staff-queue-filters"
        role="search"
        aria-label="Find orders"
        onSubmit={onSearch}
        noValidate
      >
        <div className="staff-search">
          <TextField
            ref={search}
            label="Search"
            type="search"
            hint="Reference, name, email or phone (press / to search)"
            value={searchText}
            onChange={(event) => send({ type: 'search.change', value: event.target.value })}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
        <SelectField
          label="Status"
          options={statusOptions}
          placeholder="Any status"
          value={filters.status ?? ''}
          onChange={(event) => change({ status: event.target.value })}
        />
        <SelectField
          label="Service"
          options={serviceOptions}
          placeholder="Any service"
          value={filters.service_type ?? ''}
          onChange={(event) => change({ service_type: event.target.value })}
        />
        <SelectField
          label="Price"
          options={priceOptions}
          placeholder="Any price"
          value={filters.price ?? ''}
          onChange={(event) => change({ price: event.target.value })}
        />
        <SelectField
          label="Payment"
          options={paymentOptions}
          placeholder="Any payment"
          value={filters.payment_state ?? ''}
          onChange={(event) => change({ payment_state: event.target.value })}
        />
        <TextField
          label="Job from"
          type="date"
          value={filters.job_from ?? ''}
          onChange={(event) => change({ job_from: event.target.value })}
        />
        <TextField
          label="Job to"
          type="date"
          value={filters.job_to ?? ''}
          onChange={(event) => change({ job_to: event.target.value })}
        />
        <SelectField
          label="Sort"
          options={sortOptions}
          value={sortValueOf(filters)}
          onChange={(event) => {
            const [sort = '', dir = ''] = event.target.value.split(':');
            change({ sort, dir });
          }}
        />
      </form>
      <p className="actions staff-queue-actions">
        <DownloadCsv
          label="Export CSV"
          fileName="orders.csv"
          fetchFile={() =>
            staffListsApi.download('staffOrders', { query: queryFor({ filters, q }) })
          }
        />
        {filtered && (
          <Link className="button button-secondary" to="/staff/orders">
            Clear filters
          </Link>
        )}
      </p>
      <ListStates
        list={list}
        noun="orders"
        empty={filtered ? 'No orders match.' : 'No orders yet.'}
      >
        <OrderRows
          orders={rows}
          caption={`Orders, ${sortLabel?.toLowerCase() ?? 'newest first'}`}
        />
      </ListStates>
    </StaffLayout>
  );
}
