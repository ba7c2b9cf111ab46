/** /office-quote: the five-step quote wizard, multipart to the officeService call (docs/product.md). */
import { QuoteWizard } from '../quotes/QuoteWizard';

export default function OfficeQuotePage() {
  return <QuoteWizard title="Office relocation quote" call="officeService" draft="office-quote" />;
}
