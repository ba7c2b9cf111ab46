/**
 * Runs one of the site's machines (src/machines) in a page: the one place where the standard
 * effects are supplied (the error toasts every flow names `notifyErrors`, the inspector) next to
 * the page's own calls and effects, and where a form's inputs are bound to the machine's
 * `values` and `errors`. Returns the snapshot, `send`, `field(name)` (an input's props),
 * `checkbox(name)`, `onSubmit` and `busy`.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { AnyActorRef, AnyStateMachine, InputFrom } from 'xstate';
import { inspect } from '../inspector';
import { notifyErrors } from '../toast';

/**
 * What a page gives `machine.provide`: its calls (`actors`) and its own effects (`actions`).
 * TypeScript types `fromPromise(({ input }) => …)` here only when the machine's type is given
 * (`useFlow<typeof machine>(machine, …)`), not when it is inferred from the argument.
 */
export type FlowEffects<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/** The form part of a machine's context, when it has one: typed values and each field's messages. */
interface FormContext {
  values?: Record<string, unknown>;
  errors?: Record<string, string[] | undefined>;
}

/** Every flow shows its messages the same way: one toast each (src/ui/toast.tsx). Also for child machines. */
export const standardActions = {
  notifyErrors: (_: unknown, { messages }: { messages: string[] }) => notifyErrors(messages),
};

export function useFlow<TMachine extends AnyStateMachine>(
  machine: TMachine,
  /** Read once, with the router's `navigate` for the page's redirects. */
  effects: (site: { navigate: NavigateFunction }) => FlowEffects<TMachine>,
  input?: InputFrom<TMachine>,
) {
  const navigate = useNavigate();
  const [logic] = useState(() => {
    const own = effects({ navigate });
    return machine.provide({ ...own, actions: { ...standardActions, ...own.actions } }) as TMachine;
  });
  const [snapshot, send, actor] = useMachine(logic, { input, inspect });
  const { values = {}, errors = {} }: FormContext = snapshot.context;
  // The form events below are those of every flow with fields; a machine without them ignores them.
  const sendForm: AnyActorRef['send'] = (event) => actor.send(event);

  const field = (name: string) => ({
    name,
    value: String(values[name] ?? ''),
    errors: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      sendForm({ type: 'field.change', name, value: event.target.value }),
  });
  const checkbox = (name: string) => ({
    name,
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => sendForm({ type: 'field.change', name, value: event.target.checked }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    sendForm({ type: 'submit' });
  };
  return { snapshot, send, field, checkbox, onSubmit, busy: snapshot.hasTag('busy') };
}
