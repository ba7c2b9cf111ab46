/**
 * /deactivate-account (docs/product.md): the reason and the password. Once the server answers
 * 'User data deleted successfully.' the session ends (the stored token, id and image are
 * forgotten) and the user goes home.
 */
import { accountsApi } from '../../api/lazy';
import { accountCalls } from '../../api/contract/accounts';
import { deactivateAccountMachine } from '../../machines/deactivateAccountMachine';
import { AccountLayout } from '../account/AccountLayout';
import { TextAreaField, TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFlow } from '../components/useFormFlow';
import { Session } from '../session';

export default function DeactivateAccountPage() {
  usePageMeta('Delete account');
  const session = Session.useActorRef();
  const { field, onSubmit, busy } = useFormFlow(deactivateAccountMachine, {
    values: { Reason: '', password: '' },
    submit: (request) => accountsApi.deleteUser(request),
    successMessage: () => accountCalls.deleteUser.success,
    leaveTo: () => '/',
    afterLeave: () => session.send({ type: 'session.ended' }),
  });
  return (
    <AccountLayout title="Delete account">
      <form className="account-section account-danger" onSubmit={onSubmit} noValidate>
        <p>
          Deleting your account removes your profile and the personal details of your quotes and
          deliveries for good. Their tracking codes stop working. Orders not yet under way are
          cancelled, and anything you paid comes back as the cancellation terms say. We keep the
          payments, receipts and refunds of your orders, without your name, for six years (Terms and
          Conditions, section 10).
        </p>
        <TextAreaField label="Why are you leaving?" required {...field('Reason')} />
        <TextField
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          {...field('password')}
        />
        <p className="actions">
          <SubmitButton className="button button-danger" busy={busy} busyLabel="Deleting...">
            Delete my account
          </SubmitButton>
        </p>
      </form>
    </AccountLayout>
  );
}
