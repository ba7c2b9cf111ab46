/**
 * The price shown beside a booking form while it is filled (docs/prices.md): a delivery's price,
 * a move's estimate as a range, "price on request" for places the tariff does not cover, or why
 * there is no price yet. Announced politely as it changes.
 */
import { formatNaira, formatRange } from '../../api/contract/rules';
import type { PricePreview as Preview } from './usePricePreview';

export function PricePreview({ preview, waitingText }: { preview: Preview; waitingText: string }) {
  const { snapshot, send } = preview;
  const { price } = snapshot.context;
  let body;
  if (snapshot.hasTag('busy'))
    body = (
      <p>
        <span className="spinner" aria-hidden="true" /> Loading prices…
      </p>
    );
  else if (snapshot.hasTag('unavailable')) {
    body = (
      <p>
        Prices are unavailable right now; you can still book and our team will send you the price.{' '}
        <button type="button" className="button-link" onClick={() => send({ type: 'retry' })}>
          Try again
        </button>
      </p>
    );
  } else if (price.kind === 'price')
    body = <p className="price-figure">{formatNaira(price.amount_kobo)}</p>;
  else if (price.kind === 'estimate') {
    body = (
      <p>
        <span className="price-figure">{formatRange(price.low_kobo, price.high_kobo)}</span>, final
        price after inspection
      </p>
    );
  } else if (price.kind === 'on_request')
    body = <p>Price on request: book as usual and our team will send you the price.</p>;
  else body = <p>{waitingText}</p>;
  return (
    <section className="price-preview" aria-labelledby="price-preview-heading">
      <h2 id="price-preview-heading">Price</h2>
      <div role="status" aria-live="polite">
        {body}
      </div>
    </section>
  );
}
