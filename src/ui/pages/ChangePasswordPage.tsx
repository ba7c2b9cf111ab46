/**
 * /change-password (docs/product.md): old, new and confirm-new password. The server ends every
 * session of the account once the password changes, this one too (docs/security.md),
 * so after the success message the session ends here as well and the login page asks for the
 * new password, with the email filled in and a word on why.
 */
import { accountsApi } from '../../api/lazy';
import { accountCalls } from '../../api/contract/accounts';
import { changePasswordMachine } from '../../machines/changePasswordMachine';
import { AccountLayout } from '../account/AccountLayout';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFlow } from '../components/useFormFlow';
import { Session } from '../session';
import type { LoginState } from './LoginPage';

export default function ChangePasswordPage() {
  usePageMeta('Change password');
  const session = Session.useActorRef();
  const email = Session.useSelector((snapshot) => snapshot.context.session?.email);
  const { snapshot, send, field, onSubmit, busy } = useFormFlow(changePasswordMachine, {
    values: { old_password: '', new_password: '', new_password_confirmation: '' },
    submit: (request) => accountsApi.changePassword(request),
    successMessage: () => accountCalls.changePassword.success,
    leaveTo: () => ({
      to: '/login',
      options: { replace: true, state: { email, passwordChanged: true } satisfies LoginState },
    }),
    afterLeave: () => session.send({ type: 'session.ended' }),
  });
  const type = snapshot.context.reveal ? 'text' : 'password';
  return (
    <AccountLayout title="Change password">
      <form className="account-section" onSubmit={onSubmit} noValidate>
        <TextField
          label="Old password"
          type={type}
          required
          autoComplete="current-password"
          {...field('old_password')}
        />
        <TextField
          label="New password"
          type={type}
          required
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('new_password')}
        />
        <TextField
          label="Confirm new password"
          type={type}
          required
          autoComplete="new-password"
          {...field('new_password_confirmation')}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={snapshot.context.reveal}
            onChange={() => send({ type: 'reveal.toggle' })}
          />
          Show passwords
        </label>
        <p className="actions">
          <SubmitButton busy={busy} busyLabel="Submitting...">
            Change password
          </SubmitButton>
        </p>
      </form>
    </AccountLayout>
  );
}
