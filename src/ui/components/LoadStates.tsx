/** What a page shows while its data loads, and when loading failed. */
import type { ReactNode } from 'react';
import './loadStates.css';

/** A wait the user can see and a screen reader hears: spinner and what is happening. */
export function Waiting({ children }: { children: ReactNode }) {
  return (
    <p className="waiting" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}

/** A load that failed: what went wrong, announced, and a way to try again. */
export function LoadFailed({ messages, onRetry }: { messages: string[]; onRetry: () => void }) {
  return (
    <div className="problem" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
