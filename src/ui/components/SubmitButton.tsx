/** A submit button that shows the spec's busy label and cannot be pressed twice (docs/product.md). */
import type { ButtonHTMLAttributes } from 'react';

export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyLabel: string }) {
  return (
    <button
      type="submit"
      className="button"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...button}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
