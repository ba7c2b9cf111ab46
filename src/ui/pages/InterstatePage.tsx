/** The interstate relocation service page (docs/product.md). */
import { pageText } from '../../content/pages';
import { servicePages } from '../../content/services';
import { usePageMeta } from '../components/PageMeta';
import { ServiceLanding } from '../marketing/ServiceLanding';

export default function InterstatePage() {
  usePageMeta(pageText.interstate.title, pageText.interstate.description);
  return <ServiceLanding content={servicePages.interstate} />;
}
