/** An order's reference, service, status and when it was booked; staff pass more facts (the customer) as children. */
import type { ReactNode } from 'react';
import {
  formatNaira,
  formatRange,
  serviceTypeLabels,
  statusLabels,
} from '../../api/contract/rules';
import type { OrderDetail } from '../../api/contract/orders';
import { formatLagosDate } from '../tracking/format';

type Facts = Pick<OrderDetail, 'reference_number' | 'service_type' | 'status' | 'created_at'> &
  Partial<Pick<OrderDetail, 'price' | 'estimate'>>;

/** What the tariff said at booking (README "Prices"): a delivery's price, or a move's estimate. */
export function TariffFigure({ order }: { order: Facts }) {
  if (order.price) {
    return (
      <div>
        <dt>Price</dt>
        <dd>
          {formatNaira(order.price.amount_kobo)}{' '}
          <span className="field-hint">(tariff version {order.price.version})</span>
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
          inspection <span className="field-hint">(tariff version {order.estimate.version})</span>
        </dd>
      </div>
    );
  }
  return null;
}

export function OrderFacts({
  order,
  bookedLabel,
  children,
}: {
  order: Facts;
  bookedLabel: string;
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
        <dd>{serviceTypeLabels[order.service_type]}</dd>
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
      <TariffFigure order={order} />
      {children}
    </dl>
  );
}
