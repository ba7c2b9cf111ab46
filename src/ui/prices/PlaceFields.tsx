/**
 * An address's place (docs/prices.md): its state, a native select, and its local government
 * area, a text input with the state's LGAs as suggestions (a datalist), so typing "Eti" offers
 * "Eti-Osa". Both are labelled and work from the keyboard. Optional: an address without a place
 * still books, without an instant price. The list comes with the published tariff.
 */
import { useId } from 'react';
import type { PublishedTariff } from '../../api/contract/prices';
import { SelectField, TextField } from '../components/Field';

export interface PlaceBinding {
  value: string;
  errors?: string[];
  onChange: (value: string) => void;
}

interface PlaceFieldsProps {
  /** "Pickup", "Delivery", "Current home"…: starts each label. */
  label: string;
  state: PlaceBinding;
  lga: PlaceBinding;
  places: PublishedTariff['places'] | null;
  /** Names of the inputs (the wire's). */
  names: { state: string; lga: string };
}

export function PlaceFields({ label, state, lga, places, names }: PlaceFieldsProps) {
  const listId = useId();
  const lgas = places?.find((place) => place.state === state.value)?.lgas ?? [];
  const chooseState = (value: string) => {
    state.onChange(value);
    // An LGA of the state before is no longer a choice.
    const next = places?.find((place) => place.state === value)?.lgas ?? [];
    if (lga.value && !next.includes(lga.value)) lga.onChange('');
  };
  return (
    <div className="place-fields">
      <SelectField
        label={`${label} state`}
        name={names.state}
        options={places?.map((place) => place.state) ?? (state.value ? [state.value] : [])}
        placeholder={places ? 'Choose a state…' : 'Loading states…'}
        value={state.value}
        errors={state.errors}
        onChange={(event) => chooseState(event.target.value)}
      />
      <TextField
        label={`${label} LGA`}
        name={names.lga}
        hint="Local government area: type to search, like Eti-Osa or Ikeja."
        list={listId}
        autoComplete="off"
        disabled={!state.value}
        value={lga.value}
        errors={lga.errors}
        onChange={(event) => lga.onChange(event.target.value)}
      />
      <datalist id={listId}>
        {lgas.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </div>
  );
}
