/**
 * The field groups both quote forms show, with the choice lists each form passes in
 * (the 3-step and 5-step forms differ: docs/product.md). Names are the wire's; labels say which home is meant.
 */
import { Link } from '../components/Link';
import { relocationServices, todayInLagos } from '../../api/contract/rules';
import { FieldErrors, SelectField, TextAreaField, TextField } from '../components/Field';
import type { PublishedTariff } from '../../api/contract/prices';
import type { MovePlaces } from '../../api/pricing';
import { PlaceFields } from '../prices/PlaceFields';
import { usePricePreview } from '../prices/usePricePreview';
import type { QuoteFlow } from './useQuoteFlow';
import '../prices/prices.css';

export interface ChoiceLists {
  apartmentTypes: readonly string[];
  roomCounts: readonly string[];
  floors: readonly string[];
}

const sides = {
  from: {
    address: ['moving_from_address', 'Current address'],
    landmark: ['moving_from_landmark', 'Current home landmark (optional)'],
    type: ['moving_from_apartment_type', 'Current apartment type'],
    rooms: ['number_of_room_moving_from', 'Rooms at your current home'],
    floor: ['aptFloor', 'Current apartment floor'],
    place: ['Current home', 'moving_from_state', 'moving_from_lga'],
  },
  to: {
    address: ['moving_to_address', 'Destination address'],
    landmark: ['moving_to_landmark', 'Destination landmark (optional)'],
    type: ['moving_to_apartment_type', 'Destination apartment type'],
    rooms: ['number_of_room_moving_to', 'Rooms at your destination'],
    floor: ['toAptFloor', 'Destination apartment floor'],
    place: ['Destination', 'moving_to_state', 'moving_to_lga'],
  },
} as const;

/** The estimate of a move while its form is filled (docs/prices.md), from what was typed so far. */
export function useMovePreview(flow: QuoteFlow, serviceType: MovePlaces['service_type']) {
  const values = flow.snapshot.context.values as Record<string, string | undefined>;
  const keys = [
    'moving_from_state',
    'moving_from_lga',
    'moving_to_state',
    'moving_to_lga',
    'moving_from_apartment_type',
    'number_of_room_moving_from',
    'aptFloor',
    'toAptFloor',
    'Services',
  ] as const;
  return usePricePreview({
    service_type: serviceType,
    ...Object.fromEntries(keys.map((key) => [key, values[key] ?? ''])),
  });
}

interface LocationFieldsProps {
  flow: QuoteFlow;
  side: keyof typeof sides;
  lists: ChoiceLists;
  /** The states and LGAs of the published tariff; null while they load. */
  places: PublishedTariff['places'] | null;
}

export function LocationFields({ flow, side, lists, places }: LocationFieldsProps) {
  const { address, landmark, type, rooms, floor, place } = sides[side];
  const [label, stateName, lgaName] = place;
  const bind = (name: string) => {
    const { value, errors } = flow.field(name);
    return {
      value,
      errors,
      onChange: (next: string) => flow.send({ type: 'field.change', name, value: next }),
    };
  };
  return (
    <div className="form-grid">
      <TextField
        label={address[1]}
        required
        autoComplete="street-address"
        {...flow.field(address[0])}
      />
      {/* What helps the crew find the home (issue 37), checked with the step. */}
      <TextField
        label={landmark[1]}
        hint="e.g. Opposite Total filling station, blue gate"
        autoComplete="off"
        {...flow.field(landmark[0])}
      />
      <PlaceFields
        label={label}
        names={{ state: stateName, lga: lgaName }}
        state={bind(stateName)}
        lga={bind(lgaName)}
        places={places}
      />
      <SelectField
        label={type[1]}
        required
        options={lists.apartmentTypes}
        {...flow.field(type[0])}
      />
      <SelectField label={rooms[1]} required options={lists.roomCounts} {...flow.field(rooms[0])} />
      <SelectField label={floor[1]} required options={lists.floors} {...flow.field(floor[0])} />
    </div>
  );
}

export function ContactFields({ flow, required }: { flow: QuoteFlow; required: boolean }) {
  return (
    <div className="form-grid">
      <TextField
        label="Full name"
        required={required}
        autoComplete="name"
        {...flow.field('full_name')}
      />
      <TextField
        label="Email"
        required={required}
        type="email"
        autoComplete="email"
        {...flow.field('email')}
      />
      <TextField
        label="Mobile number"
        required={required}
        type="tel"
        autoComplete="tel"
        hint="0 and 10 digits, or +234 and 10 digits"
        {...flow.field('mobile_phone')}
      />
    </div>
  );
}

/** Checkboxes whose value travels as comma-separated ids, in the list's order (docs/product.md). */
export function ServicesField({ flow }: { flow: QuoteFlow }) {
  const { value, errors = [] } = flow.field('Services');
  const chosen = value.split(',').filter(Boolean);
  const toggle = (id: string, on: boolean) =>
    flow.send({
      type: 'field.change',
      name: 'Services',
      value: relocationServices
        .map((service) => service.id)
        .filter((serviceId) => (serviceId === id ? on : chosen.includes(serviceId)))
        .join(','),
    });
  return (
    <fieldset
      className={errors.length ? 'quote-choices field-invalid' : 'quote-choices'}
      aria-describedby={errors.length ? 'services-errors' : undefined}
    >
      <legend>
        Services{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
        <span className="visually-hidden"> (required, choose at least one)</span>
      </legend>
      {relocationServices.map((service) => (
        <label key={service.id} className="check">
          <input
            type="checkbox"
            name="Services"
            value={service.id}
            checked={chosen.includes(service.id)}
            onChange={(event) => toggle(service.id, event.target.checked)}
          />
          {service.label}
        </label>
      ))}
      <FieldErrors id="services-errors" errors={errors} />
    </fieldset>
  );
}

/** Neither date in the past (the calendar starts today); the contract checks the order at submit. */
export function DateFields({ flow, required }: { flow: QuoteFlow; required: boolean }) {
  const today = todayInLagos();
  return (
    <div className="form-grid">
      <TextField
        label="Inspection date"
        type="date"
        min={today}
        required={required}
        {...flow.field('date_of_inspection')}
      />
      <TextField
        label="Moving date"
        type="date"
        min={today}
        required={required}
        {...flow.field('moving_date')}
      />
    </div>
  );
}

export function DescriptionField({ flow }: { flow: QuoteFlow }) {
  return (
    <TextAreaField
      label="Description"
      hint="What are we moving? Anything fragile, bulky or needing care."
      {...flow.field('description')}
    />
  );
}

/** Optional: what the goods moved are worth, the limit of our liability (the terms, section 5). */
export function DeclaredValueField({ flow }: { flow: QuoteFlow }) {
  return (
    <TextField
      label="Declared value (₦, optional)"
      hint="What your goods are worth. Our liability for loss or damage is limited to it (our terms, section 5)."
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...flow.field('declared_value')}
    />
  );
}

export function TermsField({ flow, required }: { flow: QuoteFlow; required: boolean }) {
  const errors = flow.snapshot.context.errors.terms ?? [];
  return (
    <div className={errors.length ? 'field field-invalid' : 'field'}>
      <label className="check">
        <input
          type="checkbox"
          aria-describedby={errors.length ? 'terms-errors' : undefined}
          aria-invalid={errors.length > 0 || undefined}
          {...flow.checkbox('terms')}
        />
        <span>
          I accept the <Link to="/terms_and_conditions">terms and conditions</Link>
          {required && (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </span>
      </label>
      <FieldErrors id="terms-errors" errors={errors} />
    </div>
  );
}
