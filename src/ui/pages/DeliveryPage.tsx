/** The delivery landing page (docs/product.md). */
import { pageText } from '../../content/pages';
import { deliveryLanding } from '../../content/services';
import { businessTestimonials } from '../../content/testimonials';
import { usePageMeta } from '../components/PageMeta';
import { LandingPage } from '../marketing/LandingPage';
import { DeliveryArt } from '../illustrations';

export default function DeliveryPage() {
  usePageMeta(pageText.delivery.title, pageText.delivery.description);
  return (
    <LandingPage
      content={deliveryLanding}
      testimonials={businessTestimonials}
      art={<DeliveryArt />}
    />
  );
}
