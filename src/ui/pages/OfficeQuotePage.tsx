/** /office-quote: the five-step quote wizard, multipart to the officeService call (DESIGN.md). */
import { QuoteWizard } from '../quotes/QuoteWizard';

export default function OfficeQuotePage() {
  return (
    <QuoteWizard
      title="Office relocation quote"
      call="officeService"
      successMessage="Office service created successfully"
      draft="office-quote"
    />
  );
}
