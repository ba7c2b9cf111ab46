/**
 * Runs bulkDeliveryMachine for the page through useFlow with its own effects: the API call, the
 * success toast, the draft in session storage (sender fields and receivers, cleared after success)
 * and the redirect. Returns the form's snapshot, `send`, `onSubmit`, and its receiver list's snapshot.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { bookingsApi } from '../../api/lazy';
import { BULK_DELIVERY_CREATED, type Receiver } from '../../api/contract/deliveries';
import { MAX_RECEIVERS } from '../../api/contract/rules';
import type { BulkDeliveryRequest } from '../../api/contract';
import { drafts } from '../../api/storage';
import type { KeyedRequest } from '../../machines/formFields';
import {
  bulkDeliveryMachine,
  emptyBulkSender,
  type BulkDraft,
  type BulkSender,
} from '../../machines/bulkDeliveryMachine';
import { emptyReceiver, receiverListMachine } from '../../machines/receiverListMachine';
import { whenOnline } from '../components/sendWhenOnline';
import { standardActions, submitOf, useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';
import { thankYouPath } from './booking';

const DRAFT = 'bulkDelivery';

/** Only the text fields we know, from whatever was stored: a damaged draft must not break the page. */
function pickText<T extends Record<string, string>>(shape: T, stored: unknown): T {
  const source =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.keys(shape).map((key) => [
      key,
      typeof source[key] === 'string' ? source[key] : shape[key],
    ]),
  ) as T;
}

function restoredDraft() {
  const stored = drafts.load<Partial<Record<keyof BulkDraft, unknown>>>(DRAFT);
  const receivers = Array.isArray(stored?.receivers) ? stored.receivers : [];
  return {
    values: pickText<BulkSender>(emptyBulkSender, stored?.values),
    receivers: receivers
      .slice(0, MAX_RECEIVERS)
      .map((entry): Receiver => pickText(emptyReceiver, entry)),
    submissionKey: typeof stored?.submissionKey === 'string' ? stored.submissionKey : null,
    newSubmissionKey: () => crypto.randomUUID(),
  };
}

export function useBulkDelivery() {
  const [input] = useState(restoredDraft);
  const { snapshot, send, busy } = useFlow(
    bulkDeliveryMachine,
    ({ navigate }) => ({
      actors: {
        // Offline, the booking waits for the network and goes by itself (sendWhenOnlineMachine).
        submit: whenOnline(
          fromPromise<unknown, KeyedRequest<BulkDeliveryRequest>>(({ input }) =>
            bookingsApi.bulkDelivery(input.request, { idempotencyKey: input.submissionKey }),
          ),
        ),
        receiverList: receiverListMachine.provide({ actions: standardActions }),
      },
      actions: {
        notifySuccess: () => notifySuccess(BULK_DELIVERY_CREATED),
        saveDraft: (_, draft) => drafts.save(DRAFT, draft),
        clearDraft: () => drafts.clear(DRAFT),
        leave: (_, { result }) => navigate(thankYouPath(result)),
      },
    }),
    input,
  );
  const onSubmit = submitOf(send);
  const listRef = snapshot.children.receivers as
    ActorRefFrom<typeof receiverListMachine> | undefined;
  const list = useSelector(listRef, (listSnapshot) => listSnapshot);
  return { snapshot, send, onSubmit, list, busy, sending: snapshot.children.submit };
}
