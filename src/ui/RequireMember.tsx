/** The member guard (docs/product.md): a visitor goes to /login (history replaced) and comes back after logging in. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Session } from './session';

export interface ReturnState {
  from?: { pathname: string; search: string };
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
