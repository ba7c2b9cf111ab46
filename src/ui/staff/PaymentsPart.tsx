/**
 * The staff order page's Payments part: its heading around the order's money (StaffMoney, loaded
 * only for an order that has money to show), or the word that there is none yet.
 */
import type { ReactNode } from 'react';

export const NothingToPay = () => <p>No price accepted yet: nothing to pay.</p>;

export function PaymentsPart({ children }: { children: ReactNode }) {
  return (
    <section className="order-part" aria-labelledby="staff-money">
      <h2 id="staff-money">Payments</h2>
      {children}
    </section>
  );
}
