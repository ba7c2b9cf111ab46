/** A 6-digit one-time code: numeric keyboard on phones, the mail's code offered by the browser. */
import type { ComponentProps } from 'react';
import { TextField } from './Field';

export function CodeInput(field: ComponentProps<typeof TextField>) {
  return (
    <TextField
      className="code-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...field}
    />
  );
}
