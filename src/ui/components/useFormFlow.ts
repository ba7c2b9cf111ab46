/**
 * Runs a form machine (src/machines/formMachine.ts) for a page with the real side effects:
 * the API call, toasts, the draft in session storage and the redirect. Returns what the page
 * renders and `field(name)`, the props of one input.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate, type NavigateOptions, type To } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { drafts } from '../../api/storage';
import type { createFormMachine, FormValues } from '../../machines/formMachine';
import { inspect } from '../inspector';
import { notifyErrors, notifySuccess } from '../toast';

type FormMachine = ReturnType<typeof createFormMachine>;

export interface FormFlowOptions<TResult> {
  values: FormValues;
  submit: (values: FormValues) => Promise<TResult>;
  /** The success toast; null shows none. */
  successMessage: (result: TResult) => string | null;
  /** Where to go after the delay, with router state when needed. */
  leaveTo: (result: TResult) => To | { to: To; options: NavigateOptions };
  /** Runs right after leaving, e.g. ending the session once the account is deleted (the members' page is gone by then). */
  afterLeave?: (result: TResult) => void;
  /** Keep what the user typed across a reload in this tab, under this name. */
  draft?: string;
  redirectDelay?: number;
}

export function useFormFlow<TResult>(machine: FormMachine, options: FormFlowOptions<TResult>) {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    machine.provide({
      actors: { submit: fromPromise(({ input }) => options.submit(input)) },
      actions: {
        notifySuccess: (_, { result }) => {
          const message = options.successMessage(result as TResult);
          if (message) notifySuccess(message);
        },
        notifyErrors: (_, { messages }) => notifyErrors(messages),
        saveDraft: (_, { values }) => {
          if (options.draft) drafts.save(options.draft, values);
        },
        clearDraft: () => {
          if (options.draft) drafts.clear(options.draft);
        },
        leave: (_, { result }) => {
          const target = options.leaveTo(result as TResult);
          if (typeof target === 'object' && target !== null && 'to' in target) navigate(target.to, target.options);
          else navigate(target);
          options.afterLeave?.(result as TResult);
        },
      },
    }),
  );
  const [initialValues] = useState(() => ({
    ...options.values,
    ...(options.draft ? drafts.load<FormValues>(options.draft) : null),
  }));
  const [snapshot, send] = useMachine(logic, {
    input: { values: initialValues, redirectDelay: options.redirectDelay },
    inspect,
  });

  const { values, errors } = snapshot.context;
  const field = (name: string) => ({
    name,
    value: String(values[name] ?? ''),
    errors: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      send({ type: 'field.change', name, value: event.target.value }),
  });
  const checkbox = (name: string) => ({
    name,
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'field.change', name, value: event.target.checked }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  return { snapshot, send, field, checkbox, onSubmit, busy: snapshot.hasTag('busy') };
}
