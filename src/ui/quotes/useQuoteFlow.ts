/**
 * Runs a quote machine (src/machines/quoteSteps.ts) for a page with the real side effects: the
 * API call, toasts, the draft in session storage (files are not kept: a File cannot be stored)
 * and the redirect. Returns what the page renders and the props of each input.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { drafts } from '../../api/storage';
import type { FormValues } from '../../machines/formMachine';
import {
  stepOf,
  type createQuoteStepsMachine,
  type QuoteResult,
  type QuoteStep,
  type QuoteSubmission,
} from '../../machines/quoteSteps';
import { inspect } from '../inspector';
import { notifyErrors, notifySuccess } from '../toast';

export interface QuoteFlowOptions {
  machine: ReturnType<typeof createQuoteStepsMachine>;
  steps: readonly QuoteStep[];
  /** The session-storage name of this form's draft. */
  draft: string;
  submit: (submission: QuoteSubmission) => Promise<QuoteResult>;
  successMessage: string;
  leaveTo: (result: QuoteResult) => string;
}

export function useQuoteFlow({ machine, steps, draft, submit, successMessage, leaveTo }: QuoteFlowOptions) {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    machine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input)) },
      actions: {
        notifySuccess: () => notifySuccess(successMessage),
        notifyErrors: (_, { messages }) => notifyErrors(messages),
        saveDraft: (_, { values }) => drafts.save(draft, values),
        clearDraft: () => drafts.clear(draft),
        leave: (_, { result }) => navigate(leaveTo(result)),
      },
    }),
  );
  const [values] = useState(() => drafts.load<FormValues>(draft) ?? {});
  const [snapshot, send] = useMachine(logic, { input: { values }, inspect });
  const { context } = snapshot;

  const field = (name: string) => ({
    name,
    value: String(context.values[name] ?? ''),
    errors: context.errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      send({ type: 'field.change', name, value: event.target.value }),
  });
  const checkbox = (name: string) => ({
    name,
    checked: context.values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'field.change', name, value: event.target.checked }),
  });
  const step = stepOf(steps, snapshot.value);
  /** Enter and the primary button move on: Next before the last step, Submit on it. */
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: step.index < step.count - 1 ? 'step.next' : 'submit' });
  };
  return { snapshot, send, field, checkbox, step, onSubmit, busy: snapshot.hasTag('busy') };
}

export type QuoteFlow = ReturnType<typeof useQuoteFlow>;
