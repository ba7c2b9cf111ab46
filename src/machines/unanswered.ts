/**
 * No answer at all: the network, a timeout, an unreadable answer (no status). Offline pages
 * show what they last saw instead (ordersMachine, packageDetailsMachine), and a form sent
 * offline waits (sendWhenOnlineMachine). A module of its own, so the pages without an offline
 * state do not load it (docs/architecture.md, "What a route loads").
 */
import { isApiError } from '../api/errors';

export function wasUnanswered(error: unknown): boolean {
  return !isApiError(error) || error.status === null;
}
