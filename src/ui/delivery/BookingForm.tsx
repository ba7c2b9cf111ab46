/**
 * The one-receiver booking forms (instant and scheduled): the fields in order, checked by the
 * flow's form machine, sent with `submit`; 'Delivery created successfully', then the
 * thank-you page with the reference after 3 seconds. What was typed is kept as a draft.
 */
import type { FormMachine, RequestOfForm } from '../../machines/formMachine';
import { useFormFlow, type SubmissionExtras } from '../components/useFormFlow';
import { whenOnline } from '../components/sendWhenOnline';
import { BookingActions } from './BookingPage';
import { DELIVERY_CREATED } from '../../api/contract/deliveries';
import { thankYouPath } from './booking';
import { DeliveryField, type DeliveryFieldSpec } from './fields';
import type { PriceRequest } from '../../api/pricing';
import { PlaceFields } from '../prices/PlaceFields';
import { PricePreview } from '../prices/PricePreview';
import { usePricePreview } from '../prices/usePricePreview';
import { useLoginGate } from '../RequireMember';
import '../prices/prices.css';

export interface BookingField {
  name: string;
  spec: DeliveryFieldSpec;
  /** A date field that cannot be before this other field's date. */
  notBefore?: string;
  /**
   * An address followed by its place (state and LGA, docs/prices.md): the labels' start and the
   * fields' names.
   */
  place?: { label: string; state: string; lga: string };
  /** An address's optional landmark note, shown under it (issue 37): its field's name and spec. */
  landmark?: { name: string; spec: DeliveryFieldSpec };
}

interface BookingFormProps<M extends FormMachine> {
  machine: M;
  fields: BookingField[];
  /** The booking call; `extras` carries the submission's Idempotency-Key. */
  submit: (request: RequestOfForm<M>, extras: SubmissionExtras) => Promise<unknown>;
  /** Session-storage name of the draft. */
  draft: string;
  submitLabel: string;
  /** What the price preview prices the form as. */
  serviceType: 'instant_delivery' | 'scheduled_delivery';
}

export function BookingForm<M extends FormMachine>({
  machine,
  fields,
  submit,
  draft,
  submitLabel,
  serviceType,
}: BookingFormProps<M>) {
  const names = fields.flatMap(({ name, place, landmark }) => [
    name,
    ...(landmark ? [landmark.name] : []),
    ...(place ? [place.state, place.lga] : []),
  ]);
  const { field, onSubmit, busy, snapshot, send, sending } = useFormFlow(machine, {
    values: Object.fromEntries(names.map((name) => [name, ''])),
    submit,
    successMessage: () => DELIVERY_CREATED,
    leaveTo: thankYouPath,
    draft,
    sendWith: whenOnline,
  });
  const { values, errors } = snapshot.context;
  const gate = useLoginGate();
  const text = (name: string) => String(values[name] ?? '');
  const preview = usePricePreview({
    service_type: serviceType,
    ...Object.fromEntries(names.map((name) => [name, text(name)])),
  } as PriceRequest);
  const bind = (name: string) => ({
    value: text(name),
    errors: errors[name],
    onChange: (value: string) => send({ type: 'field.change', name, value }),
  });
  return (
    <form
      className="booking-form"
      onSubmit={(event) => {
        if (gate.signedIn) return onSubmit(event);
        // The draft is already in the tab (saved at every change): log in, then come back to it.
        event.preventDefault();
        gate.toLogin();
      }}
      noValidate
      aria-busy={busy || undefined}
    >
      <div className="form-grid">
        {fields.map(({ name, spec, notBefore, place, landmark }) => (
          <div key={name} className={place ? 'address-with-place' : 'field-slot'}>
            <DeliveryField
              spec={spec}
              min={notBefore ? text(notBefore) : undefined}
              {...field(name)}
            />
            {landmark && <DeliveryField spec={landmark.spec} {...field(landmark.name)} />}
            {place && (
              <PlaceFields
                label={place.label}
                names={place}
                state={bind(place.state)}
                lga={bind(place.lga)}
                places={preview.places}
              />
            )}
          </div>
        ))}
      </div>
      <PricePreview
        preview={preview}
        waitingText="Choose the pickup and delivery state and LGA to see the price."
      />
      {!gate.signedIn && (
        <p className="booking-gate-note">
          You will log in or create an account before booking; what you typed is kept.
        </p>
      )}
      <BookingActions busy={busy} submit={submitLabel} sending={sending} />
    </form>
  );
}
