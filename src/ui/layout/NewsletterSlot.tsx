/**
 * Where the footer's newsletter form goes. The form (its machine and fields) loads as the footer
 * comes near the screen: it sits below every page's fold, so it need not weigh on the
 * first visit of a page that is near its JavaScript budget
 * (docs/decisions/010-libraries-within-the-budget.md). Without IntersectionObserver it loads at once.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '../components/lazyPart';

const NewsletterForm = lazyPart(
  () => import('./NewsletterForm').then(({ NewsletterForm }) => NewsletterForm),
  'The newsletter form',
);

export function NewsletterSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={slot} className="newsletter-slot">
      {near && (
        <Suspense fallback={null}>
          <NewsletterForm />
        </Suspense>
      )}
    </div>
  );
}
