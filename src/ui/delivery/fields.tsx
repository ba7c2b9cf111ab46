/**
 * The fields delivery bookings share, with their labels and input types (docs/product.md):
 * telephone inputs for phones, date inputs for dates, a multi-line 'Additional information'.
 */
import type { ChangeEvent } from 'react';
import { todayInLagos } from '../../api/contract/rules';
import { TextAreaField, TextField } from '../components/Field';

type Kind = 'text' | 'phone' | 'date' | 'multiline' | 'money';

export interface DeliveryFieldSpec {
  label: string;
  kind: Kind;
  autoComplete?: string;
  hint?: string;
  /** Every field is required but these (the declared value, the landmark notes). */
  optional?: boolean;
}

const PHONE_HINT = 'A Nigerian number, like 0803 123 4567 or +234 803 123 4567.';
/** What helps the crew find an address (issue 37); the contract keeps it to LANDMARK_MAX characters. */
const LANDMARK_HINT = 'e.g. Opposite Total filling station, blue gate';
const landmarkOf = (label: string): DeliveryFieldSpec => ({
  label,
  kind: 'text',
  optional: true,
  hint: LANDMARK_HINT,
});

export const fieldSpecs = {
  pickupAddress: { label: 'Pick up Address', kind: 'text', autoComplete: 'street-address' },
  deliveryAddress: { label: 'Delivery Address', kind: 'text' },
  // Two on one page: each says which address it is near. The receiver dialog has one.
  pickupLandmark: landmarkOf('Pickup landmark (optional)'),
  deliveryLandmark: landmarkOf('Delivery landmark (optional)'),
  landmark: landmarkOf('Landmark (optional)'),
  senderName: { label: "Sender's Full Name", kind: 'text', autoComplete: 'name' },
  receiverName: { label: "Receiver's Full Name", kind: 'text' },
  senderPhone: {
    label: "Sender's Phone Number",
    kind: 'phone',
    autoComplete: 'tel',
    hint: PHONE_HINT,
  },
  receiverPhone: { label: "Receiver's Phone Number", kind: 'phone', hint: PHONE_HINT },
  pickupDate: { label: 'Pick up Date', kind: 'date' },
  deliveryDate: { label: 'Delivery Date', kind: 'date' },
  description: {
    label: 'Additional information',
    kind: 'multiline',
    hint: 'What are we carrying? Size, weight, anything fragile.',
  },
  declaredValue: {
    label: 'Declared value (₦, optional)',
    kind: 'money',
    optional: true,
    hint: 'What the goods are worth. Our liability for loss or damage is limited to it (our terms, section 5).',
  },
} satisfies Record<string, DeliveryFieldSpec>;

/** The props of one bound input: what useFormFlow's `field(name)` and `bindFields` return. */
export interface BoundField {
  name: string;
  value: string;
  errors?: string[];
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** Binds inputs to values and messages held by a machine; `change` sends the machine's event. */
export function bindFields<N extends string>(
  values: Partial<Record<N, string>>,
  errors: Partial<Record<string, string[]>>,
  change: (name: N, value: string) => void,
) {
  return (name: N): BoundField => ({
    name,
    value: values[name] ?? '',
    errors: errors[name],
    onChange: (event) => change(name, event.target.value),
  });
}

const inputProps: Record<
  Exclude<Kind, 'multiline'>,
  { type: string; inputMode?: 'tel' | 'decimal' }
> = {
  text: { type: 'text' },
  phone: { type: 'tel', inputMode: 'tel' },
  date: { type: 'date' },
  money: { type: 'text', inputMode: 'decimal' },
};

/** One delivery field, required unless its spec says optional. Dates start at today (Lagos) or at `min` when given. */
export function DeliveryField({
  spec,
  min,
  ...field
}: BoundField & { spec: DeliveryFieldSpec; min?: string }) {
  if (spec.kind === 'multiline') {
    return (
      <div className="span-all">
        <TextAreaField label={spec.label} hint={spec.hint} required {...field} />
      </div>
    );
  }
  return (
    <TextField
      label={spec.label}
      hint={spec.hint}
      required={!spec.optional}
      autoComplete={spec.autoComplete ?? 'off'}
      {...inputProps[spec.kind]}
      {...(spec.kind === 'date' ? { min: min || todayInLagos() } : {})}
      {...field}
    />
  );
}
