/**
 * /staff — the order queue: every quote and delivery, newest first, with its payment state;
 * filters by status, service type and payment state; a search box for a reference, name, email or phone; "Show more" for the next
 * page. Each row links to the order's staff page.
 */
import type { FormEvent } from 'react';
import { api } from '../../api';
import {
  paymentStateLabels,
  paymentStates,
  serviceTypeLabels,
  serviceTypes,
  shipmentStatuses,
  statusLabels,
  type StaffOrder,
} from '../../api/contract';
import type { PageRequest } from '../../machines/staffListMachine';
import { SelectField, TextField } from '../components/Field';
import { Link } from '../components/Link';
import { ListStates } from '../staff/ListStates';
import { OfferBadge } from '../staff/OfferBadge';
import { StaffLayout } from '../staff/StaffLayout';
import { pageOf, useStaffList } from '../staff/useStaffList';
import { formatLagosDate } from '../tracking/format';
import { paths } from '../paths';
import '../orders/money.css';

const loadPage = async ({ filters, q, cursor }: PageRequest) =>
  pageOf(
    await api.staffOrders(undefined, {
      query: { status: filters.status, service_type: filters.service_type, payment_state: filters.payment_state, q, cursor: cursor ?? undefined },
    }),
  );

const statusOptions = shipmentStatuses.map((status) => ({ value: status, label: statusLabels[status] }));
const serviceOptions = serviceTypes.map((type) => ({ value: type, label: serviceTypeLabels[type] }));
const paymentOptions = paymentStates.map((state) => ({ value: state, label: paymentStateLabels[state] }));

function OrderRows({ orders }: { orders: StaffOrder[] }) {
  return (
    <table className="staff-table">
      <caption className="visually-hidden">Orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Service</th>
          <th scope="col">Customer</th>
          <th scope="col">Created</th>
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
            <td data-label="Status">
              <span className={`status-pill status-pill-${order.status}`}>{statusLabels[order.status]}</span>
            </td>
            <td data-label="Price">
              <OfferBadge offer={order.offer} />
            </td>
            <td data-label="Payment">
              {order.payment_state ? (
                <span className={`payment-badge payment-badge-${order.payment_state}`}>{paymentStateLabels[order.payment_state]}</span>
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
  const { snapshot, send, rows } = useStaffList<StaffOrder>(loadPage, { status: '', service_type: '', payment_state: '' });
  const { filters, searchText } = snapshot.context;
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'search.submit' });
  };
  return (
    <StaffLayout title="Orders">
      <form className="staff-filters" role="search" aria-label="Find orders" onSubmit={onSearch} noValidate>
        <TextField
          label="Search"
          type="search"
          hint="Reference, name, email or phone"
          value={searchText}
          onChange={(event) => send({ type: 'search.change', value: event.target.value })}
        />
        <button type="submit" className="button">
          Search
        </button>
        <SelectField
          label="Status"
          options={statusOptions}
          placeholder="Any status"
          value={filters.status}
          onChange={(event) => send({ type: 'filter.change', name: 'status', value: event.target.value })}
        />
        <SelectField
          label="Service"
          options={serviceOptions}
          placeholder="Any service"
          value={filters.service_type}
          onChange={(event) => send({ type: 'filter.change', name: 'service_type', value: event.target.value })}
        />
        <SelectField
          label="Payment"
          options={paymentOptions}
          placeholder="Any payment"
          value={filters.payment_state}
          onChange={(event) => send({ type: 'filter.change', name: 'payment_state', value: event.target.value })}
        />
      </form>
      <ListStates
        snapshot={snapshot}
        send={send}
        noun="orders"
        empty={snapshot.context.q || filters.status || filters.service_type || filters.payment_state ? 'No orders match.' : 'No orders yet.'}
      >
        <OrderRows orders={rows} />
      </ListStates>
    </StaffLayout>
  );
}
