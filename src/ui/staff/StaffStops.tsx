/**
 * The Stops part of the staff order page (docs/crews.md, "Needs attention"): each stop with its
 * kind, address, state and proof, drawn as the owner's page draws them (../orders/CrewParts), and
 * at a handover made without the code that no one has reviewed yet, "Mark as reviewed" (one
 * press, handoverReviewMachine). Loaded only for an order that has stops.
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffApi } from '../../api/staff';
import type { OrderStop } from '../../api/contract/stops';
import { handoverReviewMachine } from '../../machines/handoverReviewMachine';
import { SubmitButton } from '../components/SubmitButton';
import { useFlow } from '../components/useFlow';
import { Stops } from '../orders/CrewParts';
import { notifySuccess } from '../toast';

function ReviewHandover({
  reference,
  stop,
  onReviewed,
}: {
  reference: string;
  stop: OrderStop;
  onReviewed: () => void;
}) {
  const [input] = useState(() => ({ reference, stopId: stop.id }));
  const { snapshot, send, busy } = useFlow<typeof handoverReviewMachine>(
    handoverReviewMachine,
    () => ({
      actors: {
        review: fromPromise(({ input }) =>
          staffApi.reviewHandover(undefined, { id: input.reference, key: input.stopId }),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notifySuccess(message),
        reviewed: () => onReviewed(),
      },
    }),
    input,
  );
  // Reviewed: the order loads again, and the stop no longer waits for review.
  if (snapshot.matches('done')) return null;
  const failed = snapshot.matches('failed');
  const errorId = `review-${stop.id}-error`;
  return (
    <div className="stop-review">
      <SubmitButton
        type="button"
        busy={busy}
        busyLabel="Reviewing…"
        aria-describedby={failed ? errorId : undefined}
        onClick={() => send({ type: failed ? 'retry' : 'review' })}
      >
        Mark as reviewed
      </SubmitButton>
      {failed && (
        <p className="field-errors" id={errorId} role="alert">
          {snapshot.context.messages.join(' ')}
        </p>
      )}
    </div>
  );
}

export function StaffStops({
  reference,
  stops,
  onReviewed,
}: {
  reference: string;
  stops: OrderStop[];
  onReviewed: () => void;
}) {
  return (
    <Stops
      stops={stops}
      action={(stop) =>
        stop.proof?.to_review && (
          <ReviewHandover reference={reference} stop={stop} onReviewed={onReviewed} />
        )
      }
    />
  );
}
