/**
 * Runs a quote machine (src/machines/quoteSteps.ts) for a page with the real side effects: the
 * API call, toasts, the draft in session storage (files are not kept: a File cannot be stored)
 * and the redirect. Returns what the page renders and the props of each input.
 */
import { useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { drafts } from '../../api/storage';
import type { FormDraft } from '../../machines/formMachine';
import {
  stepOf,
  type createQuoteStepsMachine,
  type QuoteResult,
  type QuoteStep,
  type QuoteSubmission,
} from '../../machines/quoteSteps';
import type { SubmissionExtras } from '../components/useFormFlow';
import { whenOnline } from '../components/sendWhenOnline';
import { checkboxOf, formOf, useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';

export interface QuoteFlowOptions {
  machine: ReturnType<typeof createQuoteStepsMachine>;
  steps: readonly QuoteStep[];
  /** The session-storage name of this form's draft. */
  draft: string;
  /** The quote call; `extras` carries the submission's Idempotency-Key. */
  submit: (submission: QuoteSubmission, extras: SubmissionExtras) => Promise<QuoteResult>;
  successMessage: string;
  leaveTo: (result: QuoteResult) => string;
}

export function useQuoteFlow({
  machine,
  steps,
  draft,
  submit,
  successMessage,
  leaveTo,
}: QuoteFlowOptions) {
  const [input] = useState(() => {
    const saved = drafts.load<Partial<FormDraft>>(draft);
    return {
      values: saved?.values ?? {},
      submissionKey: typeof saved?.submissionKey === 'string' ? saved.submissionKey : null,
      newSubmissionKey: () => crypto.randomUUID(),
    };
  });
  const flow = useFlow<QuoteFlowOptions['machine']>(
    machine,
    ({ navigate }) => ({
      actors: {
        // Offline, the quote waits for the network and goes by itself (sendWhenOnlineMachine).
        submit: whenOnline(
          fromPromise(({ input }) =>
            submit(input.request, { idempotencyKey: input.submissionKey }),
          ),
        ),
      },
      actions: {
        notifySuccess: () => notifySuccess(successMessage),
        saveDraft: (_, saved) => drafts.save(draft, saved),
        clearDraft: () => drafts.clear(draft),
        leave: (_, { result }) => navigate(leaveTo(result)),
      },
    }),
    input,
  );
  const step = stepOf(steps, flow.snapshot.value);
  /** Enter and the primary button move on: Next before the last step, Submit on it. */
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: step.index < step.count - 1 ? 'step.next' : 'submit' });
  };
  return { ...flow, field: formOf(flow).field, checkbox: checkboxOf(flow), step, onSubmit };
}

export type QuoteFlow = ReturnType<typeof useQuoteFlow>;
