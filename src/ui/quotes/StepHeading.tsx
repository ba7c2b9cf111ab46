/** The current step's heading; it takes the focus when the step changes, so keyboard and screen-reader users start at the top of it. */
import { useEffect, useRef } from 'react';

export function StepHeading({ children, stepName }: { children: string; stepName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [stepName]);
  return (
    <h2 className="quote-step-title" tabIndex={-1} ref={heading}>
      {children}
    </h2>
  );
}
