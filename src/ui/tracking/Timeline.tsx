/**
 * The tracking timeline as trackingTimelineMachine says it: one step per status, the reached
 * ones ticked and dated (Lagos time), the current one marked. A newer answer from the server
 * (`source`) is sent to the machine, which moves forward only.
 */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { statusLabels } from '../../api/contract/rules';
import {
  timelineSteps,
  trackingTimelineMachine,
  type TimelineSource,
} from '../../machines/trackingTimelineMachine';
import { inspect } from '../inspector';
import { formatLagosDate } from './format';
import './tracking.css';

export function Timeline({ source, headingId }: { source: TimelineSource; headingId: string }) {
  const [snapshot, send] = useMachine(trackingTimelineMachine, { input: source, inspect });
  useEffect(() => {
    send({ type: 'timeline.update', source });
  }, [source, send]);
  return (
    <ol className="timeline" aria-labelledby={headingId}>
      {timelineSteps(snapshot).map((step, index) => (
        <li
          key={step.status}
          className={[
            'timeline-step',
            step.active && 'is-active',
            step.current && 'is-current',
            `timeline-${step.status}`,
          ]
            .filter(Boolean)
            .join(' ')}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className="timeline-marker" aria-hidden="true">
            {step.status === 'Cancelled' ? '✕' : step.active ? '✓' : index + 1}
          </span>
          <div>
            <h3>{statusLabels[step.status]}</h3>
            <p>
              {step.date ? (
                <time dateTime={step.date}>{formatLagosDate(step.date)}</time>
              ) : (
                'Pending'
              )}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
