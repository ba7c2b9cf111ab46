import { expect, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { csvDownloadMachine } from '../../src/machines/csvDownloadMachine';
import { graphSuite } from './graph';

const forbidden = new ApiError(['Only staff can do this.'], {}, 403);

graphSuite('csvDownload', {
  machine: csvDownloadMachine,
  events: [
    { type: 'xstate.done.actor.download', output: undefined },
    { type: 'xstate.error.actor.download', error: forbidden },
  ],
  implementations: { actions: { notifyErrors: vi.fn() } },
  check: (actual, _expected, event) => {
    if (event.type === 'xstate.error.actor.download')
      expect(actual.context.messages).toEqual(forbidden.messages);
  },
});
