/**
 * Code that loads when needed, on a patchy network (src/ui/components/lazyPart.tsx): a load that
 * fails says what did not load in the part's place, keeps what the page around it holds, and
 * loads on Try again, when the phone is back online, or at the part's next showing. The real
 * browser's side (a page's code refused once by the network) is tests/e2e/offline.test.ts.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPart } from '../../src/ui/components/lazyPart';

/** A load the test answers: each call waits for the test to settle it. */
function controlledLoad() {
  const calls: { resolve: (part: ComponentType) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<ComponentType>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

const Payment = () => <p>Pay ₦45,000</p>;
const offline = () => new TypeError('Failed to fetch dynamically imported module');

function Page({ Part }: { Part: ComponentType }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <label>
        Note <input />
      </label>
      <button type="button" onClick={() => setShown(!shown)}>
        Toggle
      </button>
      <Suspense fallback={<p>Loading the payment…</p>}>{shown && <Part />}</Suspense>
    </>
  );
}

describe('lazyPart', () => {
  it('says a part did not load, keeps what was typed beside it, and loads it on Try again', async () => {
    const user = userEvent.setup();
    const { load, calls } = controlledLoad();
    render(<Page Part={lazyPart(load, 'The payment')} />);
    expect(screen.getByText('Loading the payment…')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'Gate code 1234');

    await act(async () => calls[0]!.reject(offline()));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment did not load. Check your connection and try again.',
    );
    expect(screen.getByLabelText('Note')).toHaveValue('Gate code 1234');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve(Payment));
    expect(await screen.findByText('Pay ₦45,000')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Note')).toHaveValue('Gate code 1234');
  });

  it('tries again by itself when the phone is back online, and after failing again still offers Try again', async () => {
    const { load, calls } = controlledLoad();
    render(<Page Part={lazyPart(load, 'The payment')} />);
    await act(async () => calls[0]!.reject(offline()));
    await screen.findByRole('alert');

    await act(async () => window.dispatchEvent(new Event('online')));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.reject(offline()));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();

    await act(async () => window.dispatchEvent(new Event('online')));
    await act(async () => calls[2]!.resolve(Payment));
    expect(await screen.findByText('Pay ₦45,000')).toBeInTheDocument();
  });

  it('shows nothing for a part the page works without, and loads it anew at its next showing', async () => {
    const user = userEvent.setup();
    const { load, calls } = controlledLoad();
    render(<Page Part={lazyPart(load, null)} />);
    await act(async () => calls[0]!.reject(offline()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Loading the payment…')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve(Payment));
    expect(await screen.findByText('Pay ₦45,000')).toBeInTheDocument();
  });

  it('renders code that has arrived already in the same pass, with no wait shown', () => {
    render(
      <Page
        Part={lazyPart(
          () => Promise.resolve(Payment),
          'The payment',
          () => Payment,
        )}
      />,
    );
    expect(screen.getByText('Pay ₦45,000')).toBeInTheDocument();
  });
});
