import { expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { applicationStatusMachine } from '../../src/machines/applicationStatusMachine';
import { graphSuite } from '../support/graph/graph';

const offline = new ApiError(['An error occurred. Please try again.']);
const effects = { notifyErrors: vi.fn(), notifySuccess: vi.fn() };

graphSuite('applicationStatus', {
  machine: applicationStatusMachine,
  input: { id: 7, status: 'new' },
  events: [
    { type: 'status.change', value: 'contacted' },
    { type: 'status.change', value: 'new' },
    { type: 'xstate.done.actor.saveStatus', output: {} },
    { type: 'xstate.error.actor.saveStatus', error: offline },
  ],
  implementations: { actions: effects },
  // The saved status, the busy row while it saves, and a failure kept on screen with Try again.
  states: { saved: [], saving: ['busy'], failed: [] },
  offers: { saved: ['status.change'], saving: [], failed: ['status.change', 'retry'] },
  checkInput: (_id, input, snapshot) =>
    expect(input).toEqual({ id: 7, status: snapshot.context.chosen }),
  check: (actual, _expected, event, before) => {
    const { context } = actual;
    expect(context.id).toBe(7);
    // Saved means the server has what is shown; failed keeps the choice on screen, unsaved.
    if (actual.matches('saved')) expect(context.chosen).toBe(context.saved);
    switch (event.type) {
      case 'status.change': {
        const { value } = event as { type: string; value: string };
        // Choosing the saved status again changes nothing; any other choice (or any after a failure) saves.
        const saves = before.matches('failed') || value !== before.context.saved;
        expect(actual.value).toBe(saves ? 'saving' : before.value);
        expect(context.chosen).toBe(saves ? value : before.context.chosen);
        effects.notifySuccess.mockClear();
        effects.notifyErrors.mockClear();
        break;
      }
      case 'retry':
        expect(actual.value).toBe('saving');
        expect(context.chosen).toBe(before.context.chosen);
        effects.notifySuccess.mockClear();
        effects.notifyErrors.mockClear();
        break;
      case 'xstate.done.actor.saveStatus':
        expect(context.saved).toBe(before.context.chosen);
        expect(context.messages).toEqual([]);
        expect(effects.notifySuccess).toHaveBeenCalledExactlyOnceWith(expect.anything(), {
          message: `Status saved: ${before.context.chosen}.`,
        });
        expect(effects.notifyErrors).not.toHaveBeenCalled();
        break;
      case 'xstate.error.actor.saveStatus':
        expect(actual.value).toBe('failed');
        expect(context.saved).toBe(before.context.saved);
        expect(context.messages).toEqual(offline.messages);
        expect(effects.notifyErrors).toHaveBeenCalledExactlyOnceWith(expect.anything(), {
          messages: offline.messages,
        });
        expect(effects.notifySuccess).not.toHaveBeenCalled();
        break;
    }
  },
});

it('starts on the saved status, with nothing to report', () => {
  const actor = createActor(applicationStatusMachine, { input: { id: 7, status: 'hired' } });
  expect(actor.getSnapshot().context).toEqual({
    id: 7,
    saved: 'hired',
    chosen: 'hired',
    messages: [],
  });
});
