/** An order's price at a glance in lists: offered, accepted, declined or expired, with the amount. */
import { formatNaira } from '../../api/contract/rules';
import { type Offer, offerStateLabels } from '../../api/contract/orders';

export function OfferBadge({ offer }: { offer: Offer | null }) {
  if (!offer) return <span className="offer-badge offer-badge-none">No price yet</span>;
  return (
    <span className={`offer-badge offer-badge-${offer.state}`}>
      {offerStateLabels[offer.state]} <strong>{formatNaira(offer.amount_kobo)}</strong>
    </span>
  );
}
