/**
 * A call a machine invokes but the page supplies through `machine.provide` (the API client lives
 * in the view, docs/architecture.md): the machine stays pure, and a page that forgot to supply the
 * call fails loudly, naming it, instead of appearing to succeed.
 */
import { fromPromise } from 'xstate';

export const providedByView = <Output, Input = unknown>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the view`);
  });
