/** The office relocation service page (docs/product.md). */
import { pageText } from '../../content/pages';
import { servicePages } from '../../content/services';
import { usePageMeta } from '../components/PageMeta';
import { ServiceLanding } from '../marketing/ServiceLanding';

export default function OfficePage() {
  usePageMeta(pageText.office.title, pageText.office.description);
  return <ServiceLanding content={servicePages.office} />;
}
