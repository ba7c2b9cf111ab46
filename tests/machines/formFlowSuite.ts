/**
 * The generated suite of a flow made with createFormMachine: the form starts one field short of
 * valid, and that field gets one passing and one failing value, so the graph reaches every state
 * of the form machine while staying small.
 */
import { vi } from 'vitest';
import type { z } from 'zod/mini';
import type { FormMachine, FormValues } from '../../src/machines/formMachine';
import { graphSuite, submissionKeys, refusedSubmit, unansweredSubmit } from './graph';

export interface FormFlowSuiteOptions {
  machine: FormMachine;
  schema: z.ZodMiniType;
  /** Every field valid except `field`. */
  values: FormValues;
  field: string;
  valid: string;
  invalid: string;
  /** What the server answers on success, and how a call fails. */
  output: unknown;
  failure: unknown;
}

export function formFlowSuite(name: string, options: FormFlowSuiteOptions) {
  return graphSuite(name, {
    machine: options.machine,
    input: { newSubmissionKey: submissionKeys(), values: options.values, redirectDelay: 3000 },
    events: [
      { type: 'field.change', name: options.field, value: options.valid },
      { type: 'field.change', name: options.field, value: options.invalid },
      { type: 'xstate.done.actor.submit', output: options.output },
      { type: 'xstate.error.actor.submit', error: options.failure },
      refusedSubmit,
      unansweredSubmit,
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        valid: options.schema.safeParse(snapshot.context.values).success,
        errors: snapshot.context.errors,
        reveal: snapshot.context.reveal,
      }),
    implementations: {
      actions: {
        notifySuccess: vi.fn(),
        notifyErrors: vi.fn(),
        saveDraft: vi.fn(),
        clearDraft: vi.fn(),
        leave: vi.fn(),
      },
    },
  });
}
