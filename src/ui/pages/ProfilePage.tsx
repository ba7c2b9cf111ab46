/**
 * /profile, the Account page (docs/product.md): the side menu, Change password and Delete
 * account, and the customer's bookings with links to track each.
 */
import { Link } from '../components/Link';
import { AccountLayout } from '../account/AccountLayout';
import { MyBookings } from '../account/MyBookings';
import { usePageMeta } from '../components/PageMeta';

export default function ProfilePage() {
  usePageMeta('Account');
  return (
    <AccountLayout title="Account">
      <section className="account-section" aria-labelledby="change-password">
        <h2 id="change-password">Change password</h2>
        <p>Choose a new password for signing in. You will need your current one.</p>
        <Link className="button button-secondary" to="/change-password">
          Change password
        </Link>
      </section>
      <section className="account-section account-danger" aria-labelledby="delete-account">
        <h2 id="delete-account">Delete account</h2>
        <p>Your profile, quotes and deliveries are removed for good.</p>
        <Link className="button button-secondary" to="/deactivate-account">
          Delete account
        </Link>
      </section>
      <MyBookings />
    </AccountLayout>
  );
}
