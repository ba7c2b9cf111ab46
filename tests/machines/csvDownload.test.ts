import { expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { csvDownloadMachine } from '../../src/machines/csvDownloadMachine';
import { graphSuite } from '../support/graph/graph';

const forbidden = new ApiError(['Only staff can do this.'], {}, 403);
const notifyErrors = vi.fn();

graphSuite('csvDownload', {
  machine: csvDownloadMachine,
  events: [
    { type: 'xstate.done.actor.download', output: undefined },
    { type: 'xstate.error.actor.download', error: forbidden },
  ],
  implementations: { actions: { notifyErrors } },
  // The button, and its busy label while the file comes.
  states: { ready: [], downloading: ['busy'] },
  check: (actual, _expected, event) => {
    if (event.type === 'download') {
      // The message of a failed attempt stays until the next one answers.
      expect(actual.value).toBe('downloading');
      notifyErrors.mockClear();
    }
    if (event.type === 'xstate.done.actor.download') {
      expect(actual.context.messages).toEqual([]);
      expect(notifyErrors).not.toHaveBeenCalled();
    }
    if (event.type === 'xstate.error.actor.download') {
      expect(actual.context.messages).toEqual(forbidden.messages);
      expect(notifyErrors).toHaveBeenCalledExactlyOnceWith(expect.anything(), {
        messages: forbidden.messages,
      });
    }
  },
});

it('starts with nothing to report', () => {
  expect(createActor(csvDownloadMachine).getSnapshot().context).toEqual({ messages: [] });
});
