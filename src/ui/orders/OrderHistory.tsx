/** An order's history, oldest first: what happened, who did it, when, and the note or reason. */
import { statusLabels } from '../../api/contract/rules';
import { type HistoryEntry, offerStateLabels } from '../../api/contract/orders';
import { formatLagosDate } from '../tracking/format';
import { company } from '../../content/company';

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
  crew_assigned: () => 'Crew assigned',
  on_the_way: () => 'Crew on the way',
  arrived: () => 'Crew arrived',
  picked_up: () => 'Picked up',
  delivered: () => 'Handed over',
  stop_failed: () => 'Stop failed',
  handover_reviewed: () => 'Handover without the code reviewed',
};

const whoDid = (entry: HistoryEntry, owner: boolean) =>
  owner
    ? // The customer's own words (issue 35): them, or the company; never a tool's name.
      entry.by === 'customer'
      ? 'you'
      : company.name
    : entry.by === 'customer'
      ? 'the customer'
      : entry.by === 'ops'
        ? 'the ops command'
        : entry.by === 'crew'
          ? (entry.by_name ?? 'the crew')
          : (entry.by_name ?? 'staff');

export function OrderHistory({
  history,
  headingId,
  owner = false,
}: {
  history: HistoryEntry[];
  headingId: string;
  /** The owner's order page: "by you", "by" the company. */
  owner?: boolean;
}) {
  if (!history.length) return <p>Nothing has happened yet.</p>;
  return (
    <ol className="history" aria-labelledby={headingId}>
      {history.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <p className="history-what">
            <strong>{happened[entry.event](entry)}</strong> by {whoDid(entry, owner)}
          </p>
          <time dateTime={entry.at}>{formatLagosDate(entry.at)}</time>
          {entry.note && <p className="history-note">“{entry.note}”</p>}
        </li>
      ))}
    </ol>
  );
}
