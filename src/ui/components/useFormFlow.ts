/**
 * Runs a form machine (src/machines/formMachine.ts) for a page through useFlow, with the form's
 * own effects: the API call, the success toast, the draft in session storage and the redirect.
 */
import { useState } from 'react';
import type { NavigateOptions, To } from 'react-router-dom';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { drafts } from '../../api/storage';
import type { KeyedRequest } from '../../machines/formFields';
import type { FormDraft, FormMachine, FormValues, RequestOfForm } from '../../machines/formMachine';
import { notifySuccess } from '../toast';
import { formOf, useFlow } from './useFlow';

/** What the API client needs to make a submission retry-safe (the Idempotency-Key header). */
export interface SubmissionExtras {
  idempotencyKey: string;
}

export interface FormFlowOptions<TRequest, TResult> {
  values: FormValues;
  submit: (request: TRequest, extras: SubmissionExtras) => Promise<TResult>;
  /** The success toast; null shows none. */
  successMessage: (result: TResult) => string | null;
  /** Where to go after the delay, with router state when needed. */
  leaveTo: (result: TResult) => To | { to: To; options: NavigateOptions };
  /** Runs right after leaving, e.g. ending the session once the account is deleted (the members' page is gone by then). */
  afterLeave?: (result: TResult) => void;
  /** Keep what the user typed (and the key of an unanswered submission) across a reload in this tab, under this name. */
  draft?: string;
  /**
   * How the call is sent: `whenOnline` (./sendWhenOnline.tsx) for a form whose submission waits
   * for the network when there is none (bookings and applications), with `sending` given to its
   * SendButton. Passed by the page, so that forms without it do not load it.
   */
  sendWith?: <TOutput, TInput>(
    send: PromiseActorLogic<TOutput, TInput>,
  ) => PromiseActorLogic<TOutput, TInput>;
  redirectDelay?: number;
}

export function useFormFlow<M extends FormMachine, TResult>(
  machine: M,
  options: FormFlowOptions<RequestOfForm<M>, TResult>,
) {
  const [input] = useState(() => {
    const draft = options.draft ? drafts.load<Partial<FormDraft>>(options.draft) : null;
    return {
      values: { ...options.values, ...draft?.values },
      submissionKey: typeof draft?.submissionKey === 'string' ? draft.submissionKey : null,
      redirectDelay: options.redirectDelay,
      newSubmissionKey: () => crypto.randomUUID(),
    };
  });
  // Typed as the family: the calls and effects below are the same for every form machine.
  const flow = useFlow<FormMachine>(
    machine,
    ({ navigate }) => {
      const submit = fromPromise<unknown, KeyedRequest<RequestOfForm<M>>>(({ input }) =>
        options.submit(input.request, { idempotencyKey: input.submissionKey }),
      );
      return {
        actors: { submit: options.sendWith ? options.sendWith(submit) : submit },
        actions: {
          notifySuccess: (_, { result }) => {
            const message = options.successMessage(result as TResult);
            if (message) notifySuccess(message);
          },
          saveDraft: (_, draft) => {
            if (options.draft) drafts.save(options.draft, draft);
          },
          clearDraft: () => {
            if (options.draft) drafts.clear(options.draft);
          },
          leave: (_, { result }) => {
            const target = options.leaveTo(result as TResult);
            if (typeof target === 'object' && target !== null && 'to' in target)
              navigate(target.to, target.options);
            else navigate(target);
            options.afterLeave?.(result as TResult);
          },
        },
      };
    },
    input,
  );
  return { ...flow, ...formOf(flow), sending: flow.snapshot.children.submit };
}
