/**
 * The generated suite of a quote machine (src/machines/quoteSteps.ts): a state is identified by
 * where the machine is, whether the current step may move on, whether messages are shown and
 * how many files are chosen (at most 2 counted), so the graph stays finite; each step gets its
 * own payloads that break and fix it.
 */
import { vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { QUOTE_ERROR } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import type { FormValues } from '../../src/machines/formMachine';
import {
  createQuoteStepsMachine,
  stepErrors,
  stepOf,
  type QuoteStep,
} from '../../src/machines/quoteSteps';
import { graphSuite, refusedSubmit, submissionKeys, unansweredSubmit } from './graph';

export type Change = { name: string; value: string | boolean };

export interface QuoteGraphOptions {
  machine: ReturnType<typeof createQuoteStepsMachine>;
  steps: readonly QuoteStep[];
  values: FormValues;
  /** Per step name: field changes that make it fail and pass (at least one of each). */
  changes: Record<string, Change[]>;
  file: File;
}

export function quoteGraphSuite(
  name: string,
  { machine, steps, values, changes, file }: QuoteGraphOptions,
) {
  const ready = (snapshot: AnyMachineSnapshot) => {
    if (!snapshot.matches('editing')) return null;
    const { index } = stepOf(steps, snapshot.value);
    return Object.keys(stepErrors(steps, index, snapshot.context.values)).length === 0;
  };
  return graphSuite(name, {
    machine,
    input: { values, redirectDelay: 3000, newSubmissionKey: submissionKeys() },
    events: (snapshot) => [
      ...(changes[stepOf(steps, snapshot.value).name] ?? []).map((change) => ({
        type: 'field.change',
        ...change,
      })),
      { type: 'files.add', files: [file] },
      { type: 'files.reject', messages: ['Too many files'] },
      { type: 'files.remove', index: 0 },
      {
        type: 'xstate.done.actor.submit',
        output: { message: 'Created', data: { reference_number: 'RL-ABCDEFGH23' } },
      },
      {
        type: 'xstate.error.actor.submit',
        error: new ApiError(['The moving to address field is required.', QUOTE_ERROR], {
          moving_to_address: ['The moving to address field is required.'],
        }),
      },
      refusedSubmit,
      unansweredSubmit,
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        ready: ready(snapshot),
        shown: snapshot.context.messages.length > 0,
        files: Math.min(snapshot.context.files.length, 2),
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
