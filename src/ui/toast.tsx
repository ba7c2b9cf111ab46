/**
 * Toasts as docs/product.md sets them: top-right, 5 s, pausable, draggable; one toast per message.
 * react-toastify loads with the first toast, so pages that never toast never download it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastContainerProps } from 'react-toastify';

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

const Container = lazy(async () => {
  const { ToastContainer } = await loadToastify();
  return { default: () => <ToastContainer {...toastSettings} /> };
});

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

/** A success replaces what went wrong before: stale error toasts would contradict it. */
export function notifySuccess(message: string): void {
  want();
  void loadToastify().then(({ toast }) => {
    toast.dismiss();
    toast.success(message, { toastId: `ok:${message}` });
  });
}

/**
 * One toast per message (toastId de-duplicates: pressing Submit twice on the same mistake does
 * not stack toasts), and focus on the first field to fix, so on a phone the user lands on it
 * instead of hunting for it below the fold.
 */
export function notifyErrors(messages: string[]): void {
  want();
  const form = document.activeElement?.closest('form');
  // After React has rendered the field messages (aria-invalid) that came with these toasts.
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  void loadToastify().then(({ toast }) => {
    for (const message of messages) toast.error(message, { toastId: `error:${message}` });
  });
}
