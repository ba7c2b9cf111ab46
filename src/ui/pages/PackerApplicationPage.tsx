/** /pack: the packer application (docs/product.md). */
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { ApplicationForm } from '../marketing/ApplicationForm';

export default function PackerApplicationPage() {
  usePageMeta(pageText.packer.title, pageText.packer.description);
  return (
    <ApplicationForm
      title="Become a Packer"
      intro="Tell us about yourself and we will contact you about joining our team of packers."
      call="packerRegistration"
    />
  );
}
