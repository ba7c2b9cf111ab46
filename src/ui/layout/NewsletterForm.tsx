/**
 * The footer's newsletter sign-up (newsletterMachine). The API client (and zod with it) loads
 * only when the form is sent, so pages that never subscribe never download it.
 */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { newsletterMachine, type NewsletterFailure } from '../../machines/newsletterMachine';
import { inspect } from '../inspector';

async function subscribe({ email }: { email: string }) {
  const [{ accountsApi }, { messagesOf }] = await Promise.all([
    import('../../api/accounts'),
    import('../../api/errors'),
  ]);
  try {
    return await accountsApi.newsletter({ email });
  } catch (error) {
    throw Object.assign(new Error('Subscription failed'), {
      messages: messagesOf(error),
    } satisfies NewsletterFailure);
  }
}

export function NewsletterForm() {
  const id = useId();
  const [logic] = useState(() =>
    newsletterMachine.provide({
      actors: { subscribe: fromPromise(({ input }) => subscribe(input)) },
    }),
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const busy = snapshot.hasTag('busy');
  const { email, messages } = snapshot.context;

  if (snapshot.matches('subscribed')) {
    return (
      <p className="newsletter-done" role="status">
        Thank you! {email} is subscribed to our newsletter.
      </p>
    );
  }
  return (
    <form
      className="newsletter"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'submit' });
      }}
    >
      <label htmlFor={`${id}-email`}>Get moving tips and offers by email</label>
      <div className="newsletter-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={messages.length ? `${id}-error` : undefined}
          onChange={(event) => send({ type: 'email.change', value: event.target.value })}
        />
        <button
          type="submit"
          className="button button-accent"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <div className="newsletter-errors" id={`${id}-error`} role="alert">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </form>
  );
}
