/**
 * The member guard (docs/product.md): a visitor goes to /login (history replaced) and comes back
 * after logging in. Booking forms let a visitor fill them first and ask for the login only when
 * sent (`useLoginGate`, docs/decisions/keep-my-place.md); the draft stays in the tab meanwhile.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Session } from './session';

export interface ReturnState {
  from?: { pathname: string; search: string };
}

/** Pages whose form is kept as a draft while the customer logs in or signs up. */
const bookingPaths = [
  '/express-delivery',
  '/schedule-delivery',
  '/bulk-delivery',
  '/get-quote',
  '/interstate-quote',
  '/local-quote',
  '/office-quote',
];

/** Why /login is shown, said on it (issue 35: the gate says why). */
export function gateReason(from: ReturnState['from']): string | null {
  if (!from) return null;
  return bookingPaths.includes(from.pathname)
    ? 'Log in or create an account to book; what you typed is kept.'
    : 'Log in to continue; you will come back to this page.';
}

export function RequireMember({ children }: { children: ReactNode }) {
  const signedIn = Session.useSelector((snapshot) => !snapshot.matches('signedOut'));
  const location = useLocation();
  if (!signedIn) {
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/**
 * For a form a visitor may fill: `signedIn`, and `toLogin` which opens /login remembering this
 * page (not replacing it, so Back returns to the form).
 */
export function useLoginGate() {
  const signedIn = Session.useSelector((snapshot) => !snapshot.matches('signedOut'));
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toLogin = () => {
    const state: ReturnState = { from: { pathname, search } };
    navigate('/login', { state });
  };
  return { signedIn, toLogin };
}
