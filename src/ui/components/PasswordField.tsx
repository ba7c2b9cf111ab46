/** A password input that the page's show/hide toggle can reveal (docs/product.md). */
import type { ComponentProps } from 'react';
import { TextField } from './Field';

export function PasswordField({
  reveal,
  ...field
}: ComponentProps<typeof TextField> & { reveal: boolean }) {
  return (
    <TextField
      type={reveal ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      {...field}
    />
  );
}

/** One toggle can cover several password fields (sign-up shows both at once). */
export function RevealToggle({
  reveal,
  onToggle,
  label = 'Show password',
}: {
  reveal: boolean;
  onToggle: () => void;
  label?: string;
}) {
  return (
    <label className="check">
      <input type="checkbox" checked={reveal} onChange={onToggle} />
      {label}
    </label>
  );
}
