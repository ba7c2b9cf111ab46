import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import {
  orderPaymentMachine,
  type OrderPaymentInput,
  type VerifiedPayment,
} from '../../src/machines/orderPaymentMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const fresh: OrderPaymentInput = { reference: 'RL-ABCDEFGH23', returnedFrom: null };
const returned: OrderPaymentInput = { reference: 'RL-ABCDEFGH23', returnedFrom: 'PSK-1-abc' };
const offline = new ApiError(['An error occurred. Please try again.']);
const alreadyPaid = new ApiError(['This order is paid.'], {}, 409);
const effects = recordEffects(['notifyErrors', 'notifySuccess', 'goToCheckout', 'changed']);
const started = { authorization_url: 'http://127.0.0.1:9/checkout/PSK-2', reference: 'PSK-2' };

graphSuite('orderPayment', {
  machine: orderPaymentMachine,
  inputs: [fresh, returned],
  events: [
    { type: 'xstate.done.actor.startPayment', output: started },
    { type: 'xstate.error.actor.startPayment', error: alreadyPaid },
    {
      type: 'xstate.done.actor.verifyPayment',
      output: { paid: true, message: 'Payment received.' },
    },
    {
      type: 'xstate.done.actor.verifyPayment',
      output: { paid: false, message: 'The payment was declined.' },
    },
    { type: 'xstate.error.actor.verifyPayment', error: offline },
  ],
  implementations: { actions: effects.actions },
  // Pay, opening the checkout (busy until the browser leaves), verifying on return, paid, and a failure to retry.
  states: {
    idle: [],
    starting: ['busy'],
    atCheckout: ['busy'],
    verifying: ['busy'],
    paid: [],
    failed: [],
  },
  checkInput: (id, input) =>
    expect(input).toEqual(
      id === 'startPayment'
        ? { reference: returned.reference }
        : { reference: returned.reference, paystackReference: returned.returnedFrom },
    ),
  check: (actual, _expected, event, before) => {
    const done = effects.take();
    const { messages } = actual.context;
    const output = (event as { output?: VerifiedPayment }).output;
    switch (event.type) {
      case 'pay':
      case 'retry':
        expect(actual.value).toBe('starting');
        expect(messages).toEqual([]);
        expect(done).toEqual([]);
        break;
      case 'xstate.done.actor.startPayment':
        expect(actual.value).toBe('atCheckout');
        expect(done).toEqual([['goToCheckout', { url: started.authorization_url }]]);
        break;
      case 'xstate.error.actor.startPayment':
        expect(actual.value).toBe('failed');
        expect(messages).toEqual(alreadyPaid.messages);
        expect(done).toEqual([['notifyErrors', { messages: alreadyPaid.messages }]]);
        break;
      case 'xstate.done.actor.verifyPayment':
        // Either way the order is loaded again: it may be paid, or its attempt declined.
        if (output!.paid) {
          expect(actual.value).toBe('paid');
          expect(done).toEqual([
            ['notifySuccess', { message: output!.message }],
            ['changed', null],
          ]);
        } else {
          expect(actual.value).toBe('failed');
          expect(messages).toEqual([output!.message]);
          expect(done).toEqual([
            ['notifyErrors', { messages: [output!.message] }],
            ['changed', null],
          ]);
        }
        break;
      case 'xstate.error.actor.verifyPayment':
        expect(actual.value).toBe('failed');
        expect(messages).toEqual(offline.messages);
        expect(done).toEqual([['notifyErrors', { messages: offline.messages }]]);
        break;
    }
    expect(actual.context.reference).toBe(before.context.reference);
  },
});

it('starts at Pay, or verifying when it comes back from the checkout', () => {
  const start = (input: OrderPaymentInput) =>
    createActor(orderPaymentMachine, { input }).getSnapshot();
  expect(start(fresh).value).toBe('idle');
  expect(start(fresh).context).toEqual({ ...fresh, messages: [] });
  expect(start(returned).context).toEqual({ ...returned, messages: [] });
});

describe('orderPayment', () => {
  it('sends the browser to the checkout the server started, and to nowhere else', async () => {
    const goToCheckout = vi.fn();
    const startPayment = vi.fn(async (_input: { reference: string }) => started);
    const actor = createActor(
      orderPaymentMachine.provide({
        actors: { startPayment: fromPromise(({ input }) => startPayment(input)) },
        actions: { goToCheckout: (_, params) => goToCheckout(params) },
      }),
      { input: fresh },
    ).start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'pay' });
    await waitFor(actor, (s) => s.matches('atCheckout'));
    expect(startPayment).toHaveBeenCalledWith({ reference: 'RL-ABCDEFGH23' });
    expect(goToCheckout).toHaveBeenCalledWith({ url: started.authorization_url });
  });

  it('verifies the returned reference with the server, and a declined payment can be tried again as a new attempt', async () => {
    const verify = vi.fn(
      async (_input: {
        reference: string;
        paystackReference: string;
      }): Promise<VerifiedPayment> => ({
        paid: false,
        message: 'The payment was declined.',
      }),
    );
    const notifyErrors = vi.fn();
    const changed = vi.fn();
    const startPayment = vi.fn(async (_input: { reference: string }) => started);
    const actor = createActor(
      orderPaymentMachine.provide({
        actors: {
          verifyPayment: fromPromise(({ input }) => verify(input)),
          startPayment: fromPromise(({ input }) => startPayment(input)),
        },
        actions: { notifyErrors: (_, params) => notifyErrors(params), changed },
      }),
      { input: returned },
    ).start();
    expect(actor.getSnapshot().value).toBe('verifying');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(verify).toHaveBeenCalledWith({
      reference: 'RL-ABCDEFGH23',
      paystackReference: 'PSK-1-abc',
    });
    expect(notifyErrors).toHaveBeenCalledWith({ messages: ['The payment was declined.'] });
    expect(changed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('atCheckout'));
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.messages).toEqual([]);
  });

  it('counts a payment only when the server says it is paid', async () => {
    const notifySuccess = vi.fn();
    const actor = createActor(
      orderPaymentMachine.provide({
        actors: {
          verifyPayment: fromPromise(async (): Promise<VerifiedPayment> => ({
            paid: true,
            message: 'Payment received.',
          })),
        },
        actions: { notifySuccess: (_, params) => notifySuccess(params) },
      }),
      { input: returned },
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('paid');
    expect(notifySuccess).toHaveBeenCalledWith({ message: 'Payment received.' });
  });
});
