/** The delivery landing page (SPEC section 2). */
import { pageText } from '../../content/pages';
import { deliveryLanding } from '../../content/services';
import { businessTestimonials } from '../../content/testimonials';
import { usePageMeta } from '../components/PageMeta';
import { LandingPage } from '../marketing/LandingPage';

export default function DeliveryPage() {
  usePageMeta(pageText.delivery.title, pageText.delivery.description);
  return <LandingPage content={deliveryLanding} testimonials={businessTestimonials} />;
}
