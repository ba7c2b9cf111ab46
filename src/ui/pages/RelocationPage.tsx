/** The relocation landing page (docs/product.md). */
import { pageText } from '../../content/pages';
import { relocationLanding } from '../../content/services';
import { customerTestimonials } from '../../content/testimonials';
import { usePageMeta } from '../components/PageMeta';
import { LandingPage } from '../marketing/LandingPage';
import { RelocationArt } from '../illustrations';

export default function RelocationPage() {
  usePageMeta(pageText.relocation.title, pageText.relocation.description);
  return (
    <LandingPage
      content={relocationLanding}
      testimonials={customerTestimonials}
      art={<RelocationArt />}
    />
  );
}
