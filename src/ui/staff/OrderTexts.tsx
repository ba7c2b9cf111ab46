/**
 * The order's texts on /staff/orders/:reference (docs/using-the-site.md): each text's template in
 * plain words, its channel, the number masked to its last 4 digits, its state (queued, sent,
 * delivered, failed: Termii's delivery reports move it on) and when, newest first.
 */
import type { OrderText, TextState } from '../../api/contract/messages';
import { formatLagosDate } from '../tracking/format';

const channels = { sms: 'SMS', whatsapp: 'WhatsApp' };
const states: Record<TextState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};
/** Templates whose name does not say it plainly; any other reads as its name (`refund_sent` → "Refund sent"). */
const templates: Record<string, string> = {
  offer_sent: 'Price to answer',
  price_sent: 'Price to answer',
  on_the_way: 'On the way (handover code)',
};
const templateOf = (name: string) =>
  templates[name] ?? name.charAt(0).toUpperCase() + name.slice(1).replace(/[_-]+/g, ' ');

export function OrderTexts({ texts }: { texts: OrderText[] }) {
  if (!texts.length) return <p>No texts yet.</p>;
  return (
    <ol className="history" aria-labelledby="staff-texts">
      {texts.map((text, index) => (
        <li key={`${text.at}-${index}`} className={`text-${text.state}`}>
          <p>
            <strong>{templateOf(text.template)}</strong> · {channels[text.channel]} to {text.to} ·{' '}
            {states[text.state]}
          </p>
          <time dateTime={text.at}>{formatLagosDate(text.at)}</time>
        </li>
      ))}
    </ol>
  );
}
