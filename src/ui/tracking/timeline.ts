/**
 * The three-step timeline of SPEC section 4: To Inspect → Shipped → Delivered. A step is active
 * when the shipment's status is at or beyond it (the spec's first-step defect fixed: the first
 * step is always reached). The first step shows when the shipment was created; the others when
 * that status was reached (from the history), else the last update, and nothing while pending.
 */
import { shipmentStatuses, type ShipmentStatus, type TrackingResult } from '../../api/contract';
import { statusLabels } from './format';

export interface TimelineStep {
  status: ShipmentStatus;
  label: string;
  active: boolean;
  current: boolean;
  /** ISO time the step was reached; null while pending. */
  date: string | null;
}

function reachedAt(result: TrackingResult, status: ShipmentStatus, index: number): string {
  if (index === 0) return result['date created'];
  return result.history.filter((entry) => entry.status === status).at(-1)?.date ?? result['date updated'];
}

export function timelineOf(result: TrackingResult): TimelineStep[] {
  const reached = shipmentStatuses.indexOf(result.status);
  return shipmentStatuses.map((status, index) => {
    const active = index <= reached;
    return {
      status,
      label: statusLabels[status],
      active,
      current: index === reached,
      date: active ? reachedAt(result, status, index) : null,
    };
  });
}
