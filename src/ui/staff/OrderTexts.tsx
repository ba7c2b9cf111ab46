/**
 * The order's texts on /staff/orders/:reference (docs/using-the-site.md): each text's template in
 * plain words (`booking_received` → "Booking received"), its channel, the number masked to its
 * last 4 digits, its state (queued, sent, delivered, failed: Termii's delivery reports move it on)
 * and when, newest first. Kept small: the page is near its budget.
 */
import type { OrderText } from '../../api/contract/messages';
import { formatLagosDate } from '../tracking/format';

const plain = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

export function OrderTexts({ texts }: { texts: OrderText[] }) {
  if (!texts.length) return <p>No texts yet.</p>;
  return (
    <ol className="history" aria-labelledby="staff-texts">
      {texts.map((text, index) => (
        <li key={`${text.at}-${index}`} className={`text-${text.state}`}>
          <p>
            <strong>{plain(text.template)}</strong> · {text.channel === 'sms' ? 'SMS' : 'WhatsApp'}{' '}
            to {text.to} · {plain(text.state)}
          </p>
          <time dateTime={text.at}>{formatLagosDate(text.at)}</time>
        </li>
      ))}
    </ol>
  );
}
