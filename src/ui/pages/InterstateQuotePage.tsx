/** /interstate-quote: the five-step quote wizard, multipart to the stateServiceMultipart call (docs/product.md). */
import { QuoteWizard } from '../quotes/QuoteWizard';

export default function InterstateQuotePage() {
  return (
    <QuoteWizard
      title="Inter-state relocation quote"
      call="stateServiceMultipart"
      draft="interstate-quote"
    />
  );
}
