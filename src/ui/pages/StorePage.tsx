/** Deliver a Package: 'Get Started' and 'How it Works' in three steps (docs/product.md). */
import { pageText } from '../../content/pages';
import { storeSteps } from '../../content/services';
import { usePageMeta } from '../components/PageMeta';
import { Hero } from '../marketing/Hero';
import { DeliveryArt, stepArt } from '../illustrations';

export default function StorePage() {
  usePageMeta(pageText.store.title, pageText.store.description);
  return (
    <>
      <Hero
        title="Deliver a Package"
        actions={[
          { label: 'Get Started', to: '/delivery#delivery-services' },
          { label: 'How it Works', to: '/store#how-it-works' },
        ]}
        art={<DeliveryArt />}
      >
        <p className="lead">
          Send parcels across town today, or plan your deliveries ahead. We pick up, package and
          deliver on time.
        </p>
      </Hero>
      <section id="how-it-works" className="band" aria-labelledby="how-it-works-title">
        <div className="band-inner">
          <h2 id="how-it-works-title">How it Works</h2>
          <ol className="steps">
            {storeSteps.map((step, index) => {
              const Art = stepArt[index]!;
              return (
                <li key={step.title} className="card">
                  <Art />
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>
    </>
  );
}
