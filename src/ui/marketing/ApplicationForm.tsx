/**
 * The mover and packer application (docs/product.md): one form, one machine
 * (applicationMachine); the page says which call it makes.
 */
import { Link } from '../components/Link';
import { applicationMachine } from '../../machines/applicationMachine';
import { TextField } from '../components/Field';
import { SendButton, whenOnline } from '../components/sendWhenOnline';
import { useFormFlow } from '../components/useFormFlow';
import { cardArt } from '../illustrations';

export interface ApplicationFormProps {
  title: string;
  intro: string;
  call: 'moverRegistration' | 'packerRegistration';
}

const emptyApplication = { full_name: '', email: '', age: '', mobile_number: '', location: '' };

export function ApplicationForm({ title, intro, call }: ApplicationFormProps) {
  const { field, onSubmit, busy, sending } = useFormFlow(applicationMachine, {
    values: emptyApplication,
    submit: async (request, extras) =>
      (await import('../../api/accounts')).accountsApi[call](request, extras),
    successMessage: () => 'Application Successful',
    leaveTo: () => '/partner',
    draft: call,
    sendWith: whenOnline,
  });
  const Art = cardArt[call === 'moverRegistration' ? '/move' : '/pack']!;
  return (
    <section className="page narrow">
      <div className="state-art">
        <Art />
      </div>
      <h1>{title}</h1>
      <p>{intro}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Full name" required autoComplete="name" {...field('full_name')} />
        <TextField
          label="Email (optional)"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...field('email')}
        />
        <TextField
          label="Age"
          required
          type="number"
          inputMode="numeric"
          min={18}
          max={75}
          {...field('age')}
        />
        <TextField
          label="Mobile number"
          required
          type="tel"
          autoComplete="tel"
          hint="For example 0801 234 5678"
          {...field('mobile_number')}
        />
        <TextField
          label="Location"
          required
          autoComplete="address-level2"
          hint="Your city or area, for example Yaba, Lagos"
          {...field('location')}
        />
        <p className="actions">
          <SendButton busy={busy} busyLabel="Applying..." sending={sending}>
            Apply
          </SendButton>
          <Link to="/partner">Back to partner page</Link>
        </p>
      </form>
    </section>
  );
}
