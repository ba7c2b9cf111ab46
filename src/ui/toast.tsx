/**
 * Toasts as docs/product.md sets them: top-right, 5 s, pausable, draggable, below the header's
 * controls (styles.css). A refusal is one toast that sums it up, its messages also at their
 * fields (issue 35, docs/decisions/one-message-per-error.md): a stack of toasts hid the form.
 * react-toastify loads with the first toast, so pages that never toast never download it.
 */
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { lazyPart } from './components/lazyPart';

export const toastSettings: ToastContainerProps = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  newestOnTop: true,
  limit: 5,
};

const loadToastify = () => import('react-toastify');

let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

// Toasts are a second voice (every message is also at its field or on the page): when their code
// does not arrive, the page goes on without them.
const Container = lazyPart(
  () => loadToastify().then(({ ToastContainer }) => () => <ToastContainer {...toastSettings} />),
  null,
);

/** Mounted once by the layout; renders the container from the first toast on. */
export function Toasts() {
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}

/** react-toastify for a toast of its own (the new version's Reload, src/ui/offline/NewVersion.tsx). */
export function toastify() {
  want();
  return loadToastify();
}

/** A success replaces what went wrong before: stale error toasts would contradict it. */
export function notifySuccess(message: string): void {
  want();
  void loadToastify().then(({ toast }) => {
    toast.dismiss();
    toast.success(message, { toastId: `ok:${message}` });
  });
}

const ERROR_TOAST = 'error';

/**
 * One refusal in one toast: its message, or how many things to fix (each is shown at its field),
 * with the messages themselves for screen readers, which announce the toast but not the fields.
 */
function refusalOf(messages: string[]): ReactNode {
  if (messages.length === 1) return messages[0];
  return (
    <div className="toast-refusal">
      <p>{messages.length} things to fix, marked on the form.</p>
      <ul className="visually-hidden">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One toast for a refusal, whatever its number of messages; a new refusal replaces the last one
 * instead of stacking. Focus goes to the first field to fix, so on a phone the user lands on it
 * instead of hunting for it below the fold.
 */
export function notifyErrors(messages: string[]): void {
  if (!messages.length) return;
  want();
  const form = document.activeElement?.closest('form');
  // After React has rendered the field messages (aria-invalid) that came with this toast.
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  void loadToastify().then(({ toast }) => {
    const render = refusalOf([...new Set(messages)]);
    if (toast.isActive(ERROR_TOAST)) toast.update(ERROR_TOAST, { render, type: 'error' });
    else toast.error(render, { toastId: ERROR_TOAST });
  });
}
