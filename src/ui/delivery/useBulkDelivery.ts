/**
 * Runs bulkDeliveryMachine for the page with the real side effects: the API call, toasts, the
 * draft in session storage (sender fields and receivers, cleared after success) and the redirect.
 * Returns the form's snapshot, `send`, and the snapshot of its receiver list.
 */
import { useState } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { api } from '../../api';
import { MAX_RECEIVERS, type BulkDeliveryRequest, type Receiver } from '../../api/contract';
import { drafts } from '../../api/storage';
import { bulkDeliveryMachine, emptyBulkSender, type BulkDraft, type BulkSender } from '../../machines/bulkDeliveryMachine';
import { emptyReceiver, receiverListMachine } from '../../machines/receiverListMachine';
import { inspect } from '../inspector';
import { notifyErrors, notifySuccess } from '../toast';
import { BULK_DELIVERY_CREATED, thankYouPath } from './booking';

const DRAFT = 'bulkDelivery';

/** Only the text fields we know, from whatever was stored: a damaged draft must not break the page. */
function pickText<T extends Record<string, string>>(shape: T, stored: unknown): T {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.keys(shape).map((key) => [key, typeof source[key] === 'string' ? source[key] : shape[key]]),
  ) as T;
}

function restoredDraft(): BulkDraft {
  const stored = drafts.load<Partial<Record<keyof BulkDraft, unknown>>>(DRAFT);
  const receivers = Array.isArray(stored?.receivers) ? stored.receivers : [];
  return {
    values: pickText<BulkSender>(emptyBulkSender, stored?.values),
    receivers: receivers.slice(0, MAX_RECEIVERS).map((entry): Receiver => pickText(emptyReceiver, entry)),
  };
}

export function useBulkDelivery() {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    bulkDeliveryMachine.provide({
      actors: {
        submit: fromPromise<unknown, BulkDeliveryRequest>(({ input }) => api.bulkDelivery(input)),
        receiverList: receiverListMachine.provide({
          actions: { notifyErrors: (_, { messages }) => notifyErrors(messages) },
        }),
      },
      actions: {
        notifySuccess: () => notifySuccess(BULK_DELIVERY_CREATED),
        notifyErrors: (_, { messages }) => notifyErrors(messages),
        saveDraft: (_, draft) => drafts.save(DRAFT, draft),
        clearDraft: () => drafts.clear(DRAFT),
        leave: (_, { result }) => navigate(thankYouPath(result)),
      },
    }),
  );
  const [input] = useState(restoredDraft);
  const [snapshot, send] = useMachine(logic, { input, inspect });
  const listRef = snapshot.children.receivers as ActorRefFrom<typeof receiverListMachine> | undefined;
  const list = useSelector(listRef, (listSnapshot) => listSnapshot);
  return { snapshot, send, list, busy: snapshot.hasTag('busy') };
}
