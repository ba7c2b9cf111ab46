/**
 * The question before a price becomes final, naming the amount (docs/product.md, "The customer's
 * order"). Loaded when Accept is pressed, so the order page does not carry Radix's dialog to every
 * visit (docs/decisions/010-libraries-within-the-budget.md).
 */
import * as Dialog from '@radix-ui/react-dialog';

export default function AcceptConfirm({
  amount,
  reference,
  onAccept,
  onClose,
}: {
  amount: string;
  reference: string;
  onAccept: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-overlay" />
        <Dialog.Content className="confirm-dialog">
          <Dialog.Title>Accept {amount}?</Dialog.Title>
          <Dialog.Description>
            The price of {reference} becomes final at {amount}, and you can pay it at once.
          </Dialog.Description>
          <p className="actions">
            <button type="button" className="button" onClick={onAccept}>
              Yes, accept {amount}
            </button>
            <Dialog.Close asChild>
              <button type="button" className="button button-secondary">
                Not now
              </button>
            </Dialog.Close>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
