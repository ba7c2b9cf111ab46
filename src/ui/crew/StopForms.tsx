/**
 * A stop's four forms on /crew: the receiver's 4-digit code (at a move's unloading, with photos of
 * the goods' condition), delivery without it (the receiver's name and 1 to 3 photos), a move's
 * loading (its condition photos) and a failure's reason. Each field shows its own message; what
 * is typed lives in the stop's machine, so an error never loses it.
 */
import type { FormEvent, ReactNode } from 'react';
import {
  failureReasonLabels,
  failureReasons,
  MAX_PROOF_PHOTOS,
  takesConditionPhotos,
} from '../../api/contract/crewDay';
import { FieldErrors, TextAreaField, TextField } from '../components/Field';
import { ProofPhotos } from './ProofPhotos';
import type { StopFlow } from './StopActions';

function FormFrame({
  title,
  send,
  submitLabel,
  children,
  extra,
}: {
  title: string;
  send: StopFlow['send'];
  submitLabel: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  return (
    <form className="crew-form" onSubmit={onSubmit} noValidate aria-label={title}>
      <h4>{title}</h4>
      {children}
      <p className="crew-buttons">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {extra}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => send({ type: 'cancel' })}
        >
          Cancel
        </button>
      </p>
    </form>
  );
}

function CodeForm({ snapshot, send }: StopFlow) {
  const { code, errors } = snapshot.context;
  return (
    <FormFrame
      title="Delivered"
      send={send}
      submitLabel="Confirm delivery"
      extra={
        <button
          type="button"
          className="button button-secondary"
          onClick={() => send({ type: 'withoutCode.start' })}
        >
          Deliver without the code
        </button>
      }
    >
      <TextField
        label="Code from the receiver"
        hint="Ask the receiver for the 4-digit code they were sent."
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={4}
        required
        autoFocus
        className="crew-code"
        value={code}
        errors={errors.code}
        onChange={(event) => send({ type: 'code.change', value: event.target.value })}
      />
      {takesConditionPhotos(snapshot.context.stop.kind) && (
        <ProofPhotos snapshot={snapshot} send={send} condition />
      )}
    </FormFrame>
  );
}

function LoadedForm({ snapshot, send }: StopFlow) {
  return (
    <FormFrame title="Picked up" send={send} submitLabel="Confirm loading">
      <p className="crew-note">
        If you can, photograph the goods before they go (up to {MAX_PROOF_PHOTOS}): the customer
        sees them after delivery.
      </p>
      <ProofPhotos snapshot={snapshot} send={send} condition />
    </FormFrame>
  );
}

function WithoutCodeForm({ snapshot, send }: StopFlow) {
  const { receiverName, errors, codeLocked } = snapshot.context;
  return (
    <FormFrame
      title="Deliver without the code"
      send={send}
      submitLabel="Confirm delivery"
      extra={
        snapshot.can({ type: 'code.back' }) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'code.back' })}
          >
            Use the code
          </button>
        )
      }
    >
      <p className="crew-note">
        {codeLocked
          ? 'The code is locked after too many wrong tries. '
          : 'The receiver has no code? '}
        Write their name and take a photo of the handover (up to {MAX_PROOF_PHOTOS}).
      </p>
      <TextField
        label="Receiver’s name"
        autoComplete="off"
        required
        value={receiverName}
        errors={errors.receiver_name}
        onChange={(event) => send({ type: 'receiverName.change', value: event.target.value })}
      />
      <ProofPhotos snapshot={snapshot} send={send} />
    </FormFrame>
  );
}

function FailureForm({ snapshot, send }: StopFlow) {
  const { reason, note, errors } = snapshot.context;
  const reasonErrors = errors.reason ?? [];
  return (
    <FormFrame title="Failed" send={send} submitLabel="Report failure">
      <fieldset
        className={reasonErrors.length ? 'field field-invalid crew-reasons' : 'field crew-reasons'}
        aria-describedby={reasonErrors.length ? 'crew-reason-errors' : undefined}
      >
        <legend>Why did it fail?</legend>
        {failureReasons.map((value) => (
          <label key={value} className="crew-reason">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => send({ type: 'reason.change', reason: value })}
            />
            {failureReasonLabels[value]}
          </label>
        ))}
        <FieldErrors id="crew-reason-errors" errors={reasonErrors} />
      </fieldset>
      <TextAreaField
        label={reason === 'other' ? 'What happened?' : 'What happened? (optional)'}
        required={reason === 'other'}
        rows={3}
        value={note}
        errors={errors.note}
        onChange={(event) => send({ type: 'note.change', value: event.target.value })}
      />
    </FormFrame>
  );
}

/** The form the stop's machine is in. */
export function StopForm({ snapshot, send }: StopFlow) {
  if (snapshot.matches('delivering')) return <CodeForm snapshot={snapshot} send={send} />;
  if (snapshot.matches('withoutCode')) return <WithoutCodeForm snapshot={snapshot} send={send} />;
  if (snapshot.matches('loaded')) return <LoadedForm snapshot={snapshot} send={send} />;
  return <FailureForm snapshot={snapshot} send={send} />;
}
