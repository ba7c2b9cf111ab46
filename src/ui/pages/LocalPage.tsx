/** The local relocation service page (docs/product.md). */
import { pageText } from '../../content/pages';
import { servicePages } from '../../content/services';
import { usePageMeta } from '../components/PageMeta';
import { ServiceLanding } from '../marketing/ServiceLanding';

export default function LocalPage() {
  usePageMeta(pageText.local.title, pageText.local.description);
  return <ServiceLanding content={servicePages.local} />;
}
