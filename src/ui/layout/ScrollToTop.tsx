/**
 * A new page starts at its top, or at its #anchor (e.g. /relocation#relocation-services).
 * Not the first page: the browser has placed it already, and on a slow phone the visitor may
 * have scrolled the prerendered HTML before the scripts arrived; jumping back would lose that.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const placed = useRef(pathname + hash);
  useEffect(() => {
    if (placed.current === pathname + hash) return;
    placed.current = pathname + hash;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
