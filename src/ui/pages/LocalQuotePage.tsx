/** /local-quote: the five-step quote wizard, multipart to the localService call (DESIGN.md). */
import { QuoteWizard } from '../quotes/QuoteWizard';

export default function LocalQuotePage() {
  return (
    <QuoteWizard
      title="Local relocation quote"
      call="localService"
      successMessage="Local service created successfully"
      draft="local-quote"
    />
  );
}
