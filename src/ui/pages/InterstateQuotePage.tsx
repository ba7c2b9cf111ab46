/** /interstate-quote: the five-step quote wizard, multipart to the stateServiceMultipart call (DESIGN.md). */
import { QuoteWizard } from '../quotes/QuoteWizard';

export default function InterstateQuotePage() {
  return (
    <QuoteWizard
      title="Inter-state relocation quote"
      call="stateServiceMultipart"
      successMessage="Interstate service created successfully"
      draft="interstate-quote"
    />
  );
}
