/**
 * The staff workspace's top bar: it names the signed-in staff member (`loadName`, their profile,
 * provided by the view). Until the name comes, or when it cannot be had, the bar shows the
 * email the session knows; the workspace works the same either way.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';

export const staffShellMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as { name: string | null },
  },
  actors: {
    loadName: providedByView<string>('loadName'),
  },
}).createMachine({
  id: 'staffShell',
  context: { name: null },
  initial: 'naming',
  states: {
    naming: {
      tags: ['busy'],
      invoke: {
        id: 'loadName',
        src: 'loadName',
        onDone: { target: 'named', actions: assign({ name: ({ event }) => event.output }) },
        onError: 'unnamed',
      },
    },
    named: {},
    unnamed: {},
  },
});
