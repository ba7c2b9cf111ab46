/** /move: the mover application (docs/product.md). */
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { ApplicationForm } from '../marketing/ApplicationForm';

export default function MoverApplicationPage() {
  usePageMeta(pageText.mover.title, pageText.mover.description);
  return (
    <ApplicationForm
      title="Move for Us"
      intro="Tell us about yourself and we will contact you about joining our team of movers."
      call="moverRegistration"
    />
  );
}
