/** An order's history, oldest first: what happened, who did it, when, and the note or reason. */
import { statusLabels } from '../../api/contract/rules';
import { type HistoryEntry, offerStateLabels } from '../../api/contract/orders';
import { formatLagosDate } from '../tracking/format';

const happened: Record<HistoryEntry['event'], (entry: HistoryEntry) => string> = {
  status: (entry) =>
    entry.status === 'ToInspect' ? 'Order received' : `Status: ${statusLabels[entry.status]}`,
  offer_sent: () => offerStateLabels.open,
  offer_accepted: () => offerStateLabels.accepted,
  offer_declined: () => offerStateLabels.declined,
  rescheduled: () => 'Dates changed',
  payment_received: () => 'Payment received',
  payment_mismatch: () => 'Payment not counted: amount or currency differed',
  refund_due: () => 'Refund due',
  refund_sent: () => 'Refund sent',
  refund_done: () => 'Refund paid',
};

const whoDid = (entry: HistoryEntry) =>
  entry.by === 'customer'
    ? 'the customer'
    : entry.by === 'ops'
      ? 'the ops command'
      : (entry.by_name ?? 'staff');

export function OrderHistory({
  history,
  headingId,
}: {
  history: HistoryEntry[];
  headingId: string;
}) {
  if (!history.length) return <p>Nothing has happened yet.</p>;
  return (
    <ol className="history" aria-labelledby={headingId}>
      {history.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <p className="history-what">
            <strong>{happened[entry.event](entry)}</strong> by {whoDid(entry)}
          </p>
          <time dateTime={entry.at}>{formatLagosDate(entry.at)}</time>
          {entry.note && <p className="history-note">“{entry.note}”</p>}
        </li>
      ))}
    </ol>
  );
}
