import { expect, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { applicationStatusMachine } from '../../src/machines/applicationStatusMachine';
import { graphSuite } from './graph';

const offline = new ApiError(['An error occurred. Please try again.']);

graphSuite('applicationStatus', {
  machine: applicationStatusMachine,
  input: { id: 7, status: 'new' },
  events: [
    { type: 'status.change', value: 'contacted' },
    { type: 'status.change', value: 'new' },
    { type: 'xstate.done.actor.saveStatus', output: {} },
    { type: 'xstate.error.actor.saveStatus', error: offline },
  ],
  implementations: { actions: { notifyErrors: vi.fn(), notifySuccess: vi.fn() } },
  check: (actual) => {
    // Saved means the server has what is shown; failed keeps the choice on screen, unsaved.
    if (actual.matches('saved')) expect(actual.context.chosen).toBe(actual.context.saved);
    if (actual.matches('failed')) expect(actual.context.messages).toEqual(offline.messages);
  },
});
