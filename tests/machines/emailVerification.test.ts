import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { emailVerificationMachine } from '../../src/machines/emailVerificationMachine';
import { graphSuite, recordEffects, statePath } from '../support/graph/graph';

const recorded = recordEffects(['notifySuccess', 'notifyResent', 'notifyErrors', 'leave']);
const effectNames = () => recorded.take().map(([name]) => name);

graphSuite('emailVerification', {
  machine: emailVerificationMachine,
  // Two seconds instead of 300 keep the graph small and still reach `expired`.
  inputs: [
    { email: 'ada@example.com', seconds: 2, redirectDelay: 3000 },
    { email: null, seconds: 2, redirectDelay: 3000 },
  ],
  events: [
    { type: 'code.change', value: '123456' },
    { type: 'code.change', value: '12a' },
    { type: 'email.change', value: 'ada@example.com' },
    { type: 'email.change', value: 'ada@' },
    { type: 'xstate.done.actor.verifyEmail', output: { message: 'Email verified successfully' } },
    {
      type: 'xstate.error.actor.verifyEmail',
      error: new ApiError(
        ['This code is wrong or has expired.'],
        { verification_token: ['This code is wrong or has expired.'] },
        422,
      ),
    },
    { type: 'xstate.done.actor.resendOtp', output: { message: 'OTP resent successfully' } },
    {
      type: 'xstate.error.actor.resendOtp',
      error: new ApiError(['Too many attempts. Try again in a minute.'], {}, 429),
    },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      code: snapshot.context.code.length,
      email: snapshot.context.email,
      remaining: snapshot.context.remaining,
      errors: Object.keys(snapshot.context.errors),
    }),
  implementations: { actions: recorded.actions },
  // What follows each event, worked out from the flow (docs/product.md), not read from the machine.
  check: (actual, _expected, event, before) => {
    const { context } = actual;
    const done = effectNames();
    if (event.type === 'code.change') {
      // Digits only; typing clears the code's own message and keeps the address's.
      expect(context.code).toBe((event as unknown as { value: string }).value.replace(/\D/g, ''));
      expect(Object.keys(context.errors).sort()).toEqual(
        Object.keys(before.context.errors).filter((field) => field !== 'verification_token'),
      );
    }
    if (event.type === 'xstate.done.actor.verifyEmail') {
      expect(context.errors).toEqual({});
      expect(context.messages).toEqual([]);
      expect(done).toEqual(['notifySuccess']);
    }
    if (event.type === 'xstate.done.actor.resendOtp') {
      // A new code: the old one and its messages go, and the countdown starts again.
      expect(context.code).toBe('');
      expect(context.errors).toEqual({});
      expect(context.messages).toEqual([]);
      expect(context.remaining).toBe(2);
      expect(done).toEqual(['notifyResent']);
    }
    if (event.type === 'xstate.error.actor.resendOtp') {
      // Refused: the clock stays run out, so a new code can be asked for again.
      expect(statePath(actual.value)).toMatch(/ \+ clock\.expired$/);
      expect(done).toEqual(['notifyErrors']);
    }
  },
  // The code's form and its clock side by side: verifying is busy, asking for a new code is
  // "resending" (the code may be checked meanwhile), and a verified code stops the clock.
  states: {
    'code.editing + clock.running': [],
    'code.editing + clock.expired': [],
    'code.editing + clock.resending': ['resending'],
    'code.verifying + clock.running': ['busy'],
    'code.verifying + clock.expired': ['busy'],
    'code.verifying + clock.resending': ['busy', 'resending'],
    // Verified: the form stays busy until the page moves on.
    'code.verified + clock.stopped': ['busy'],
    'code.done + clock.stopped': [],
  },
  // The code can be typed and sent while it is being checked again, and a new one asked for once
  // the clock ran out; nothing once it is verified.
  offers: {
    'code.editing + clock.running': ['code.change', 'email.change', 'submit'],
    'code.editing + clock.expired': ['code.change', 'email.change', 'submit', 'code.resend'],
    'code.editing + clock.resending': ['code.change', 'email.change', 'submit'],
    'code.verifying + clock.running': [],
    'code.verifying + clock.expired': ['code.resend'],
    'code.verifying + clock.resending': [],
    'code.verified + clock.stopped': [],
    'code.done + clock.stopped': [],
  },
});

it('starts with an empty code, no messages and the whole countdown', () => {
  for (const email of ['ada@example.com', null]) {
    const actor = createActor(emailVerificationMachine, {
      input: { email, seconds: 300, redirectDelay: 3000 },
    });
    expect(actor.getSnapshot().context).toEqual({
      code: '',
      email: email ?? '',
      remaining: 300,
      seconds: 300,
      errors: {},
      messages: [],
      redirectDelay: 3000,
    });
  }
});

describe('emailVerification rules', () => {
  function start(verify: (input: unknown) => Promise<unknown> = async () => ({})) {
    const clock = new SimulatedClock();
    const actor = createActor(
      emailVerificationMachine.provide({
        actors: { verifyEmail: fromPromise(({ input }) => verify(input)) },
      }),
      { input: { email: 'ada@example.com', seconds: 300, redirectDelay: 3000 }, clock },
    ).start();
    return { actor, clock };
  }

  it('counts down each second and expires at zero, after which Verify is refused', () => {
    const { actor, clock } = start();
    clock.increment(1000);
    expect(actor.getSnapshot().context.remaining).toBe(299);
    for (let second = 0; second < 299; second++) clock.increment(1000);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    expect(actor.getSnapshot().matches({ clock: 'expired' })).toBe(true);
    actor.send({ type: 'code.change', value: '123456' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });

  it('keeps digits only, at most six, and asks for six', () => {
    const { actor } = start();
    actor.send({ type: 'code.change', value: '12 3-4a' });
    expect(actor.getSnapshot().context.code).toBe('1234');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors.verification_token).toEqual([
      'Please enter a 6-digit Token sent to your email',
    ]);
    actor.send({ type: 'code.change', value: '12345678' });
    expect(actor.getSnapshot().context.code).toBe('123456');
  });

  it('sends the code with the email once', async () => {
    const verify = vi.fn(async () => ({ message: 'Email verified successfully' }));
    const { actor } = start(verify);
    actor.send({ type: 'code.change', value: '123456' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ code: 'verified' })).toBe(true));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith({ verification_token: '123456', email: 'ada@example.com' });
  });

  it('sends a new code from the expired page when the address is known, and counts down again', async () => {
    const resend = vi.fn(async (_input: unknown) => ({ message: 'OTP resent successfully' }));
    const notifyResent = vi.fn();
    const clock = new SimulatedClock();
    const actor = createActor(
      emailVerificationMachine.provide({
        actors: { resendOtp: fromPromise(({ input }) => resend(input)) },
        actions: { notifyResent },
      }),
      { input: { email: 'ada@example.com', seconds: 2, redirectDelay: 3000 }, clock },
    ).start();
    clock.increment(1000);
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ clock: 'expired' })).toBe(true);
    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().matches({ clock: 'resending' })).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(resend).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(notifyResent).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ clock: 'running' })).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(2);
    actor.send({ type: 'code.change', value: '123456' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
  });

  it('cannot send a new code from here without the address', () => {
    const clock = new SimulatedClock();
    const actor = createActor(emailVerificationMachine, {
      input: { email: null, seconds: 1, redirectDelay: 3000 },
      clock,
    }).start();
    clock.increment(1000);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    actor.send({ type: 'email.change', value: 'ada@example.com' });
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('asks for the address when it does not know it, and sends it with the code', async () => {
    const verify = vi.fn(async (_input: unknown) => ({ message: 'Email verified successfully' }));
    const actor = createActor(
      emailVerificationMachine.provide({
        actors: { verifyEmail: fromPromise(({ input }) => verify(input)) },
      }),
      {
        input: { email: null, seconds: 300, redirectDelay: 3000 },
      },
    ).start();
    actor.send({ type: 'code.change', value: '123456' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: ['Please fill in your email.'] });
    expect(verify).not.toHaveBeenCalled();
    actor.send({ type: 'email.change', value: 'Ada@Example.com' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ code: 'verified' })).toBe(true));
    expect(verify).toHaveBeenCalledWith({ verification_token: '123456', email: 'Ada@Example.com' });
    actor.stop();
  });
});
