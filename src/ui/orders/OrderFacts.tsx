/**
 * An order's reference, service (in the customer's words), status and when it was booked; staff
 * pass more facts (the customer) as children.
 */
import type { ReactNode } from 'react';
import {
  formatNaira,
  formatRange,
  customerServiceLabels,
  statusLabels,
} from '../../api/contract/rules';
import type { OrderDetail } from '../../api/contract/orders';
import { formatLagosDate } from '../tracking/format';

type Facts = Pick<OrderDetail, 'reference_number' | 'service_type' | 'status' | 'created_at'> &
  Partial<Pick<OrderDetail, 'price' | 'estimate' | 'declared_value_kobo'>>;

/**
 * What the tariff said at booking (docs/prices.md): a delivery's price, or a move's estimate.
 * The tariff's version is for staff only (issue 35: no internal words on the customer's pages).
 */
function TariffFigure({ order, staff }: { order: Facts; staff: boolean }) {
  const version = (number: number) =>
    staff ? <span className="field-hint">(tariff version {number})</span> : null;
  if (order.price) {
    return (
      <div>
        <dt>Price</dt>
        <dd>
          {formatNaira(order.price.amount_kobo)} {version(order.price.version)}
        </dd>
      </div>
    );
  }
  if (order.estimate) {
    return (
      <div>
        <dt>Estimate</dt>
        <dd>
          {formatRange(order.estimate.low_kobo, order.estimate.high_kobo)}, final price after
          inspection {version(order.estimate.version)}
        </dd>
      </div>
    );
  }
  return null;
}

export function OrderFacts({
  order,
  bookedLabel,
  staff = false,
  children,
}: {
  order: Facts;
  bookedLabel: string;
  /** The staff's page: the tariff's version too. */
  staff?: boolean;
  children?: ReactNode;
}) {
  return (
    <dl className="order-facts">
      <div>
        <dt>Reference</dt>
        <dd className="reference">{order.reference_number}</dd>
      </div>
      <div>
        <dt>Service</dt>
        <dd>{customerServiceLabels[order.service_type]}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>{statusLabels[order.status]}</dd>
      </div>
      <div>
        <dt>{bookedLabel}</dt>
        <dd>
          <time dateTime={order.created_at}>{formatLagosDate(order.created_at)}</time>
        </dd>
      </div>
      <TariffFigure order={order} staff={staff} />
      {order.declared_value_kobo != null && (
        // The limit of liability the terms refer to (section 5).
        <div>
          <dt>Declared value</dt>
          <dd>{formatNaira(order.declared_value_kobo)}</dd>
        </div>
      )}
      {children}
    </dl>
  );
}
