/**
 * The one-receiver booking forms (instant and scheduled): the fields in order, checked by the
 * flow's form machine, sent with `submit`; 'Delivery created successfully', then the
 * thank-you page with the reference after 3 seconds. What was typed is kept as a draft.
 */
import type { FormMachine, RequestOfForm } from '../../machines/formMachine';
import { useFormFlow, type SubmissionExtras } from '../components/useFormFlow';
import { BookingActions } from './BookingPage';
import { DELIVERY_CREATED } from '../../api/contract';
import { thankYouPath } from './booking';
import { DeliveryField, type DeliveryFieldSpec } from './fields';

export interface BookingField {
  name: string;
  spec: DeliveryFieldSpec;
  /** A date field that cannot be before this other field's date. */
  notBefore?: string;
}

interface BookingFormProps<M extends FormMachine> {
  machine: M;
  fields: BookingField[];
  /** The booking call; `extras` carries the submission's Idempotency-Key. */
  submit: (request: RequestOfForm<M>, extras: SubmissionExtras) => Promise<unknown>;
  /** Session-storage name of the draft. */
  draft: string;
  submitLabel: string;
}

export function BookingForm<M extends FormMachine>({ machine, fields, submit, draft, submitLabel }: BookingFormProps<M>) {
  const { field, onSubmit, busy, snapshot } = useFormFlow(machine, {
    values: Object.fromEntries(fields.map(({ name }) => [name, ''])),
    submit,
    successMessage: () => DELIVERY_CREATED,
    leaveTo: thankYouPath,
    draft,
  });
  const { values } = snapshot.context;
  return (
    <form className="booking-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <div className="form-grid">
        {fields.map(({ name, spec, notBefore }) => (
          <DeliveryField key={name} spec={spec} min={notBefore ? String(values[notBefore] ?? '') : undefined} {...field(name)} />
        ))}
      </div>
      <BookingActions busy={busy} submit={submitLabel} />
    </form>
  );
}
