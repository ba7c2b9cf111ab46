/** /local-quote: the five-step quote wizard, multipart to the localService call (docs/product.md). */
import { QuoteWizard } from '../quotes/QuoteWizard';

export default function LocalQuotePage() {
  return <QuoteWizard title="Local relocation quote" call="localService" draft="local-quote" />;
}
