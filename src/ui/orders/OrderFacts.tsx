/** An order's reference, service, status and when it was booked; staff pass more facts (the customer) as children. */
import type { ReactNode } from 'react';
import { serviceTypeLabels, statusLabels, type OrderDetail } from '../../api/contract';
import { formatLagosDate } from '../tracking/format';

type Facts = Pick<OrderDetail, 'reference_number' | 'service_type' | 'status' | 'created_at'>;

export function OrderFacts({ order, bookedLabel, children }: { order: Facts; bookedLabel: string; children?: ReactNode }) {
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
      {children}
    </dl>
  );
}
