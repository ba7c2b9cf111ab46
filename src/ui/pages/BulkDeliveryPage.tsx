/**
 * Bulk delivery (docs/product.md, /bulk-delivery): one pickup, several receivers. The sender's
 * fields, the receiver cards with their edit and delete buttons, "Add Receiver's Details" (a
 * dialog), and Submit once there is at least one receiver.
 */
import { Suspense, useState } from 'react';
import { FieldErrors } from '../components/Field';
import { Waiting } from '../components/LoadStates';
import { bindFields, DeliveryField, fieldSpecs } from '../delivery/fields';
import { BookingActions, BookingPage } from '../delivery/BookingPage';
import { ReceiverCard } from '../delivery/ReceiverCard';
import { useBulkDelivery } from '../delivery/useBulkDelivery';
import { PlaceFields } from '../prices/PlaceFields';
import { PricePreview } from '../prices/PricePreview';
import { usePricePreview } from '../prices/usePricePreview';
import '../prices/prices.css';
import { lazyPart } from '../components/lazyPart';

// The receiver dialog (Radix Dialog with its focus trap and scroll lock, about 7 KB gzipped)
// loads when it is first opened, not with the form (docs/architecture.md, "What a route loads").
const ReceiverDialog = lazyPart(
  () => import('../delivery/ReceiverDialog').then(({ ReceiverDialog }) => ReceiverDialog),
  'The receiver’s form',
);

/** The booking's messages about receiver `position` (keys like receiver_details.2.date). */
const messagesAbout = (errors: Record<string, string[]>, position: number) =>
  Object.entries(errors)
    .filter(([key]) => key.startsWith(`receiver_details.${position}.`))
    .flatMap(([, messages]) => messages);

export default function BulkDeliveryPage() {
  const { snapshot, send, onSubmit, list, busy, sending } = useBulkDelivery();
  const { values, errors } = snapshot.context;
  const field = bindFields(values, errors, (name, value) =>
    send({ type: 'field.change', name, value }),
  );
  const receivers = list?.context.receivers ?? snapshot.context.receivers;
  const canAdd = !busy && Boolean(list?.can({ type: 'receiver.add' }));
  const full = list !== undefined && receivers.length >= list.context.max;
  // Once opened, the dialog stays mounted, so it closes as Radix closes it (focus back, no flash).
  const [dialogWanted, setDialogWanted] = useState(false);
  if (!dialogWanted && list?.matches('dialog')) setDialogWanted(true);
  const preview = usePricePreview({
    service_type: 'bulk_delivery',
    pickup_state: values.pickup_state,
    pickup_lga: values.pickup_lga,
    receiver_details: receivers.map(({ state, lga }) => ({ state, lga })),
  });
  const place = (name: 'pickup_state' | 'pickup_lga') => ({
    value: values[name] ?? '',
    errors: errors[name],
    onChange: (value: string) => send({ type: 'field.change', name, value }),
  });

  return (
    <BookingPage title="Bulk Delivery" subtitle="Send your items to multiple locations">
      <form className="booking-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <fieldset>
          <legend>Sender's Details</legend>
          <div className="form-grid">
            <DeliveryField spec={fieldSpecs.pickupAddress} {...field('pickup_address')} />
            <DeliveryField spec={fieldSpecs.pickupLandmark} {...field('pickup_landmark')} />
            <PlaceFields
              label="Pickup"
              names={{ state: 'pickup_state', lga: 'pickup_lga' }}
              state={place('pickup_state')}
              lga={place('pickup_lga')}
              places={preview.places}
            />
            <DeliveryField spec={fieldSpecs.senderName} {...field('sender_fullname')} />
            <DeliveryField spec={fieldSpecs.senderPhone} {...field('sender_number')} />
            <DeliveryField spec={fieldSpecs.pickupDate} {...field('pickup_date')} />
            <DeliveryField spec={fieldSpecs.description} {...field('description')} />
            <DeliveryField spec={fieldSpecs.declaredValue} {...field('declared_value')} />
          </div>
        </fieldset>

        <section className="receivers" aria-labelledby="receivers-heading">
          <h2 id="receivers-heading">Receivers</h2>
          <p role="status">
            {receivers.length === 0
              ? 'No receivers yet. Add the first one to book.'
              : `${receivers.length} ${receivers.length === 1 ? 'receiver' : 'receivers'} on this booking.`}
          </p>
          {receivers.length > 0 && (
            <ol className="receiver-list">
              {receivers.map((receiver, position) => (
                <ReceiverCard
                  // Receivers have no identity of their own: they are edited and deleted by position.
                  key={position}
                  receiver={receiver}
                  position={position}
                  errors={messagesAbout(errors, position)}
                  disabled={busy}
                  onEdit={() => send({ type: 'receiver.edit', index: position })}
                  onDelete={() => send({ type: 'receiver.delete', index: position })}
                />
              ))}
            </ol>
          )}
          {list?.context.deleted && list.can({ type: 'receiver.undo' }) && (
            // Undo stays beside the list, not in a toast that leaves before a phone user finds it (issue 35).
            <p className="receiver-undo" role="status">
              Receiver {list.context.deleted.index + 1} ({list.context.deleted.receiver.name})
              removed.{' '}
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy}
                onClick={() => send({ type: 'receiver.undo' })}
              >
                Undo
              </button>
            </p>
          )}
          <FieldErrors errors={errors.receiver_details ?? []} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'receiver.add' })}
            disabled={!canAdd}
          >
            Add Receiver's Details
          </button>
          {full && (
            <p className="field-hint">One booking takes at most {list.context.max} receivers.</p>
          )}
        </section>

        <PricePreview
          preview={preview}
          waitingText="Choose the pickup's and every receiver's state and LGA to see the price."
        />
        <BookingActions
          busy={busy}
          submit={receivers.length > 0 ? 'Submit' : null}
          sending={sending}
        />
      </form>
      {dialogWanted && (
        <Suspense fallback={<Waiting>Opening the receiver's form…</Waiting>}>
          <ReceiverDialog
            list={list}
            send={send}
            pickupDate={values.pickup_date}
            places={preview.places}
          />
        </Suspense>
      )}
    </BookingPage>
  );
}
