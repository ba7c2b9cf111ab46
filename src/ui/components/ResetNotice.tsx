/** What a reset page says when it is opened before the earlier steps were done in this tab. */
import { Link } from './Link';

export function StartResetFirst() {
  return (
    <p className="account-notice" role="status">
      Start by asking for a code: <Link to="/forgot-password">send me a reset code</Link>.
    </p>
  );
}

export function EnterCodeFirst({ email }: { email: string }) {
  return (
    <p className="account-notice" role="status">
      Enter the code we sent to <strong>{email}</strong> first:{' '}
      <Link to="/otp-verification">enter my code</Link>.
    </p>
  );
}
