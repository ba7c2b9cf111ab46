/** A wait the user can see and a screen reader hears: spinner and what is happening. */
import type { ReactNode } from 'react';
import './waiting.css';

export function Waiting({ children }: { children: ReactNode }) {
  return (
    <p className="waiting" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}
