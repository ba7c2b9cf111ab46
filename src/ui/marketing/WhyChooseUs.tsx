/** The four claims of docs/product.md. */
import { whyChooseUs } from '../../content/home';
import { Cards } from './Cards';

export function WhyChooseUs() {
  return (
    <section className="band band-alt" aria-labelledby="why-choose-us">
      <div className="band-inner">
        <h2 id="why-choose-us">Why choose us</h2>
        <Cards cards={whyChooseUs} />
      </div>
    </section>
  );
}
