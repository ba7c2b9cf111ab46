/**
 * The site's in-app links, made from react-router's own `useHref` and `useLinkClickHandler` (the
 * hooks its documentation gives for custom links). react-router's `Link` also carries its
 * framework mode's prefetching and form code, which would reach every page: about 2 KB gzipped
 * on the home page, whose JavaScript must stay under 100 KB (`npm run bench:bundle`).
 */
import type { ComponentProps } from 'react';
import { useHref, useLinkClickHandler, useMatch, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: To;
  replace?: boolean;
  /** Router state given to the next page (e.g. where /login should bring the visitor back to). */
  state?: unknown;
}

/** An anchor that navigates inside the app; modified clicks (new tab, download…) stay the browser's. */
export function Link({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/** A menu link marked `active` and `aria-current="page"` on its page (and, unless `end`, below it). */
export function NavLink({ end = false, className, ...link }: LinkProps & { end?: boolean }) {
  const { pathname } = useResolvedPath(link.to);
  const current = useMatch({ path: pathname, end }) !== null;
  return (
    <Link
      {...link}
      className={[className, current && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={current ? 'page' : undefined}
    />
  );
}
