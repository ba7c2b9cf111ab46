/**
 * Back (from the second step on), Next, and Submit on the last step ('Submitting...' while busy),
 * with the messages of the last failed check or call underneath until the user moves on.
 */
import { FieldErrors } from '../components/Field';
import { SendButton } from '../components/sendWhenOnline';
import type { QuoteFlow } from './useQuoteFlow';

export function StepButtons({ flow }: { flow: QuoteFlow }) {
  const { snapshot, send, step, busy } = flow;
  const last = step.index === step.count - 1;
  return (
    <>
      {snapshot.matches('editing') && snapshot.context.messages.length > 0 && (
        <div className="quote-messages">
          <p>Please check the following:</p>
          <FieldErrors errors={snapshot.context.messages} />
        </div>
      )}
      <div className="actions quote-actions">
        {snapshot.can({ type: 'step.back' }) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'step.back' })}
          >
            Back
          </button>
        )}
        {last ? (
          <SendButton busy={busy} busyLabel="Submitting..." sending={snapshot.children.submit}>
            Submit
          </SendButton>
        ) : (
          <button type="submit" className="button">
            Next
          </button>
        )}
      </div>
    </>
  );
}
