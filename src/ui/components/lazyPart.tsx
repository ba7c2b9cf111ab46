/**
 * React's `lazy` for code that loads when it is needed, made for a patchy network: a load that
 * fails shows what did not load with Try again, in the part's place, and tries again by itself when
 * the phone is back online. What the page holds around it (a form half filled) stays as it was.
 * Without it a failed load takes the whole page down to a blank screen (docs/architecture.md,
 * "What a route loads").
 */
import { lazy, useEffect, useState, type ComponentType } from 'react';

type Load<P> = () => PromiseLike<ComponentType<P>>;

/**
 * `what` names the part in "… did not load" ("The payment form"); null for a part the page works
 * without (a drawing, the toasts), which then shows nothing. `loaded` answers the part's code
 * when it has already arrived, so it renders in the same pass rather than a tick later.
 */
export function lazyPart<P extends object>(
  load: Load<P>,
  what: string | null,
  loaded?: () => ComponentType<P> | undefined,
): ComponentType<P> {
  const attempt = () =>
    lazy<ComponentType<P>>(() => {
      const arrived = loaded?.();
      if (arrived)
        return {
          then: (done: (module: { default: ComponentType<P> }) => void) =>
            done({ default: arrived }),
        } as Promise<{ default: ComponentType<P> }>;
      return Promise.resolve(load()).then(
        (component) => ({ default: component }),
        () => ({ default: NotLoaded }),
      );
    });
  let Part = attempt();

  function NotLoaded(props: P) {
    const [Again, setAgain] = useState<ComponentType<P> | null>(null);
    useEffect(() => {
      // From now on the part's next showing (a later visit) starts a new load, not this failure.
      Part = attempt();
      const retry = () => setAgain(() => Part);
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, []);
    if (Again) return <Again {...props} />;
    if (what === null) return null;
    return (
      <div className="problem part-missing" role="alert">
        <p>{what} did not load. Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => setAgain(() => Part)}>
          Try again
        </button>
      </div>
    );
  }

  return function LazyPart(props: P) {
    // Each showing keeps the load it started with: the page re-rendering around a failure does
    // not start another.
    const [Current] = useState(() => Part);
    return <Current {...props} />;
  };
}
