/**
 * Runs one of the site's machines (src/machines) in a page: the one place where the standard
 * effects are supplied (the error toasts every flow names `notifyErrors`, the inspector) next to
 * the page's own calls and effects. Returns the snapshot, `send` (typed with the machine's own
 * events) and `busy`; `formOf` and `checkboxOf` bind a form's inputs to the machine's `values`
 * and `errors`.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { inspect } from '../inspector';
import { notifyErrors } from '../toast';

/**
 * What a page gives `machine.provide`: its calls (`actors`) and its own effects (`actions`).
 * TypeScript types `fromPromise(({ input }) => …)` here only when the machine's type is given
 * (`useFlow<typeof machine>(machine, …)`), not when it is inferred from the argument.
 */
export type FlowEffects<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

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
  // `send` takes this machine's events only (xstate types it from the machine given).
  const [snapshot, send] = useMachine(logic, { input, inspect });
  return { snapshot, send, busy: snapshot.hasTag('busy') };
}

type FieldChange<Name extends string, Value> = { type: 'field.change'; name: Name; value: Value };

/** A flow whose machine keeps a form (`values` and each field's messages) and takes its events. */
interface FormFlow<Name extends string, Value> {
  snapshot: {
    context: { values: { [field in Name]?: unknown }; errors?: { [field in Name]?: string[] } };
  };
  send: (event: FieldChange<Name, Value> | { type: 'submit' }) => void;
}

/**
 * Binds a form's inputs to its flow: `field(name)` (an input's props, for the machine's own
 * field names) and `onSubmit`. Only a flow whose machine takes `field.change` and `submit` fits.
 */
export function formOf<Name extends string>({ snapshot, send }: FormFlow<Name, string>) {
  const { values, errors } = snapshot.context;
  const field = (name: Name) => ({
    name,
    value: String(values[name] ?? ''),
    errors: errors?.[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      send({ type: 'field.change', name, value: event.target.value }),
  });
  return { field, onSubmit: submitOf(send) };
}

/** A form's `onSubmit` for a flow whose machine takes `submit` (and keeps its fields its own way). */
export const submitOf = (send: (event: { type: 'submit' }) => void) => (event: FormEvent) => {
  event.preventDefault();
  send({ type: 'submit' });
};

/** A checkbox bound to a flow whose fields also take true and false. */
export function checkboxOf<Name extends string>({ snapshot, send }: FormFlow<Name, boolean>) {
  return (name: Name) => ({
    name,
    checked: snapshot.context.values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      send({ type: 'field.change', name, value: event.target.checked }),
  });
}
