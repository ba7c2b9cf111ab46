/**
 * The "Add Receiver's Details" dialog (Radix): address, name, phone and date, all required (the
 * landmark note, state and LGA optional) and checked with the contract's receiver schema by
 * receiverListMachine. Open while the list is in its `dialog` state; Save sends `receiver.save`,
 * closing (Cancel, Escape, outside) `receiver.cancel`.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ReceiverListEvent, receiverListMachine } from '../../machines/receiverListMachine';
import type { PublishedTariff } from '../../api/contract/prices';
import { PlaceFields } from '../prices/PlaceFields';
import { bindFields, DeliveryField, fieldSpecs } from './fields';

interface ReceiverDialogProps {
  list: SnapshotFrom<typeof receiverListMachine> | undefined;
  send: (event: ReceiverListEvent) => void;
  /** A receiver's delivery date starts at the pickup date. */
  pickupDate: string;
  /** The states and LGAs of the published tariff; null while they load. */
  places: PublishedTariff['places'] | null;
}

export function ReceiverDialog({ list, send, pickupDate, places }: ReceiverDialogProps) {
  if (!list) return null;
  const { entry, errors } = list.context;
  const field = bindFields(entry, errors, (name, value) =>
    send({ type: 'receiver.change', name, value }),
  );
  const place = (name: 'state' | 'lga') => ({
    value: entry[name] ?? '',
    errors: errors[name],
    onChange: (value: string) => send({ type: 'receiver.change', name, value }),
  });
  const title = list.matches({ dialog: 'editing' })
    ? `Edit Receiver ${(list.context.editing ?? 0) + 1}`
    : "Add Receiver's Details";
  const save = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'receiver.save' });
  };
  return (
    <Dialog.Root
      open={list.matches('dialog')}
      onOpenChange={(open) => open || send({ type: 'receiver.cancel' })}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>
            All fields are required, except the landmark, and the state and LGA (they give an
            instant price).
          </Dialog.Description>
          <form onSubmit={save} noValidate>
            <DeliveryField spec={fieldSpecs.deliveryAddress} {...field('address')} />
            <DeliveryField spec={fieldSpecs.landmark} {...field('landmark')} />
            <PlaceFields
              label="Delivery"
              names={{ state: 'state', lga: 'lga' }}
              state={place('state')}
              lga={place('lga')}
              places={places}
            />
            <DeliveryField spec={fieldSpecs.receiverName} {...field('name')} />
            <DeliveryField spec={fieldSpecs.receiverPhone} {...field('phone')} />
            <DeliveryField spec={fieldSpecs.deliveryDate} min={pickupDate} {...field('date')} />
            <div className="actions">
              <button type="submit" className="button">
                Save
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button button-secondary">
                  Cancel
                </button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
