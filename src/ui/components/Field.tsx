/**
 * A labelled input with its messages underneath, wired for screen readers (aria-invalid,
 * aria-describedby). Required fields carry the red asterisk of docs/product.md.
 */
import {
  useId,
  type ComponentPropsWithRef,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldFrameProps {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  required?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

function FieldFrame({ label, errors = [], hint, required, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={errors.length ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({ id, describedBy, invalid: errors.length > 0 })}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * Messages under a field or group, the one way the site draws them; `id` is what the field's
 * aria-describedby names (left out where nothing points at the list).
 */
export function FieldErrors({ id, errors }: { id?: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="field-errors" id={id}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

type Common = { label: ReactNode; errors?: string[]; hint?: ReactNode };

export function TextField({
  label,
  errors,
  hint,
  required,
  ...input
}: Common & ComponentPropsWithRef<'input'>) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  required,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          rows={4}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  required,
  options,
  placeholder = 'Select…',
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly (string | { value: string; label: string })[];
    placeholder?: string;
  }) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...select}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}
