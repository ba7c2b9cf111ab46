/**
 * One stop of a crew member's job on /crew (docs/crew-phone.md), from its actions to the server's
 * answer. The stop's state decides what is offered, by the contract's `stopEventAllowedFrom` (the
 * server's own rule): **On the way** (pending), **Arrived** (on the way), then **Picked up** at a
 * pickup or loading, or **Delivered** at a drop-off or unloading (on the way or arrived), and
 * **Failed** until the stop is finished.
 *
 * - Delivered asks for the 4-digit code the receiver was sent (the crew never sees it). A wrong
 *   code comes back at the field with the tries left (422 at `code`); five wrong tries lock it
 *   (409 or 423), and then, or whenever the receiver never got a code, the crew delivers without
 *   it: the receiver's name and 1 to 3 photos, each made smaller on the phone first (`shrink`).
 * - A move's stops take up to 3 photos of the goods' condition, if the crew wants: Picked up at
 *   its loading opens a form for them (`loaded`), and its unloading's code form has them too.
 *   Made smaller on the phone as the handover's.
 * - Failed takes a reason, and a note when the reason is `other`.
 * - Every action first asks for the phone's position (`locate`), for at most `locateLimit`: a
 *   refusal, an error or no answer in time sends the action without it, never holds it.
 * - Every action carries the time it was taken (`taken_at`, from the page's clock `now`) and an
 *   Idempotency-Key, both held until it is answered.
 * - Without network (`mustQueue`: the phone is offline, or actions already wait to be sent), an
 *   action without photos is handed to the phone's queue (`enqueue`, crewOutboxMachine), which
 *   sends it in order when the network is back; an action whose send got no answer is handed
 *   over the same way, with the same key and time. The stop then shows the state the action
 *   leads to, so the crew goes on with the next action (which queues too).
 * - Photos go only with network: an action with photos is never queued. Without network (or with
 *   actions waiting before it) it waits in `failed` with what was entered, for Try again.
 * - A refusal goes back to the form it came from, its messages at the fields; a server error
 *   waits in `failed` for Try again, which sends the same request with the same Idempotency-Key
 *   (or queues it, without network), or Cancel, which brings the form back. Nothing typed is lost
 *   either way.
 *
 * Provided by the view: `locate` (the position, or null), `sendEvent` (POST crew/stops/{id}/events,
 * multipart when photos go), `shrink` (a photo made smaller), the guard `mustQueue`, `enqueue`
 * (the action to the phone's queue), `saved` (the stop as the server now has it, for the list),
 * `notifyErrors` (toasts).
 */
import { assertEvent, assign, setup } from 'xstate';
import {
  CODE_MESSAGE,
  MAX_PROOF_PHOTOS,
  PROOF_PHOTO_MESSAGE,
  RECEIVER_NAME_MESSAGE,
  stopEventRequest,
  takesConditionPhotos,
  type CrewStop,
  type FailureReason,
  type StopEventRequest,
  stopEventAllowedFrom,
  stopStateAfter,
  type StopEventType,
} from '../api/contract/crewDay';
import { isHandover } from '../api/contract/stops';
import { isApiError } from '../api/errors';
import {
  feedbackOf,
  heldOrNewKey,
  problemsOf,
  wasRefused,
  withoutErrorsOf,
  type Errors,
} from './formFields';
import type { QueuedAction } from './crewQueue';
import { UNREADABLE_PHOTO } from './photoMessages';
import { providedByView } from './providedByView';
import { wasUnanswered } from './unanswered';

/** Why an action with photos waits: photos are never queued on the phone. */
export const PHOTOS_NEED_NETWORK =
  'Photos are sent only with network, after the actions waiting to be sent. Try again then.';

/** Whether the server takes `type` at a stop in its state now (the contract's rule). */
const follows = (type: StopEventType, stop: CrewStop) =>
  stopEventAllowedFrom[type].includes(stop.state);

/** Where the phone is, when the crew member allowed it. */
export interface Position {
  lat: number;
  lng: number;
  accuracy_m: number;
}

/** What the crew member is recording: an event type, Delivered split by how it is proved. */
export type Recording =
  'on_the_way' | 'arrived' | 'picked_up' | 'with_code' | 'without_code' | 'failed';

/** What `sendEvent` is given. */
export interface StopEventCall {
  stopId: string;
  request: StopEventRequest;
  photos: File[];
  idempotencyKey: string;
  report: (percent: number) => void;
}

/** What `shrink` is given: the photo as chosen, and where to say how far it is (0–100). */
export interface ShrinkCall {
  file: File;
  report: (percent: number) => void;
}

export interface CrewStopInput {
  stop: CrewStop;
  /** How long the position may take before the action goes without it (8000 ms on the site). */
  locateLimit: number;
  /** A fresh Idempotency-Key (crypto.randomUUID on the site). */
  newSubmissionKey: () => string;
  /** The time now, ISO (the phone's clock on the site): when an action is taken. */
  now: () => string;
}

interface CrewStopContext {
  stop: CrewStop;
  locateLimit: number;
  newSubmissionKey: () => string;
  now: () => string;
  recording: Recording | null;
  code: string;
  receiverName: string;
  photos: File[];
  /** The photo being made smaller. */
  picked: File | null;
  reason: FailureReason | null;
  note: string;
  position: Position | null;
  errors: Errors;
  /** The last failure's messages, shown beside the buttons (and toasted). */
  messages: string[];
  /** How far the shrink or the send is, in percent. */
  progress: number | null;
  /** Held from the first send of an action until it is answered, so Try again is the same request. */
  submissionKey: string | null;
  /** When the action was taken (ISO), held with its key. */
  takenAt: string | null;
  /** Five wrong codes locked the code: Delivered goes without it. */
  codeLocked: boolean;
}

const codeDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** The request of what is being recorded, with the position when there is one and when it was taken. */
export function requestOf(context: CrewStopContext): StopEventRequest {
  const where = { ...context.position, taken_at: context.takenAt ?? undefined };
  switch (context.recording) {
    case 'with_code':
      return { type: 'delivered', code: context.code, ...where };
    case 'without_code':
      return { type: 'delivered', receiver_name: context.receiverName.trim(), ...where };
    case 'failed':
      return {
        type: 'failed',
        reason: context.reason ?? undefined,
        note: context.note.trim() || undefined,
        ...where,
      };
    default:
      return { type: context.recording!, ...where };
  }
}

/**
 * The photos that go with what is being recorded: the handover's without the code, a move's
 * condition photos with its loading's Picked up or its unloading's code; none otherwise.
 */
export function photosSent(context: Pick<CrewStopContext, 'recording' | 'stop' | 'photos'>) {
  const { recording, stop, photos } = context;
  const condition =
    takesConditionPhotos(stop.kind) && (recording === 'picked_up' || recording === 'with_code');
  return recording === 'without_code' || condition ? photos : [];
}

function withoutCodeProblems(context: CrewStopContext): Errors {
  const errors: Errors = {};
  if (!context.receiverName.trim()) errors.receiver_name = [RECEIVER_NAME_MESSAGE];
  if (!context.photos.length) errors.photos = [PROOF_PHOTO_MESSAGE];
  return errors;
}

const failureProblems = (context: CrewStopContext) =>
  problemsOf(stopEventRequest, {
    type: 'failed',
    reason: context.reason ?? undefined,
    note: context.note.trim() || undefined,
  }).errors;

const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const statusOf = (event: unknown) => {
  const error = errorOf(event);
  return isApiError(error) ? error.status : null;
};

const reporter =
  ({ self }: { self: { send: (event: { type: 'progress'; percent: number }) => void } }) =>
  (percent: number) =>
    self.send({ type: 'progress', percent });

const choose = (recording: Recording) => ({ type: 'choose' as const, params: { recording } });

const notifyMessages = {
  type: 'notifyErrors' as const,
  params: ({ context }: { context: CrewStopContext }) => ({ messages: context.messages }),
};

const notifyFieldErrors = {
  type: 'notifyErrors' as const,
  params: ({ context }: { context: CrewStopContext }) => ({
    messages: Object.values(context.errors).flat(),
  }),
};

const saved = {
  type: 'saved' as const,
  params: ({ context }: { context: CrewStopContext }) => ({ stop: context.stop }),
};

/** The action, to wait in the phone's queue with its key and time; the stop moves on meanwhile. */
const queue = [
  {
    type: 'enqueue' as const,
    params: ({ context }: { context: CrewStopContext }): { action: QueuedAction } => ({
      action: {
        key: context.submissionKey!,
        stopId: context.stop.id,
        request: { ...requestOf(context), taken_at: context.takenAt! },
      },
    }),
  },
  'advance' as const,
];

/** Back to the form the action came from, or to the stop's actions. */
const backToForm = [
  { guard: 'isFailure', target: 'failing' },
  { guard: 'isWithoutCode', target: 'withoutCode' },
  { guard: 'isWithCode', target: 'delivering' },
  { guard: 'isLoading', target: 'loaded' },
  { target: 'idle' },
] as const;

const notifyPhotoErrors = {
  type: 'notifyErrors' as const,
  params: ({ context }: { context: CrewStopContext }) => ({
    messages: context.errors.photos ?? [],
  }),
};

/** Taking photos, in a form's state that waits for the crew member: `guard` says there is room. */
const photoEvents = (guard: 'hasRoomForPhoto' | 'hasRoomForConditionPhoto') => ({
  'photo.pick': { guard, target: 'shrinking', actions: 'pickPhoto' as const },
  'photo.reject': { actions: ['rejectPhoto' as const, notifyPhotoErrors] },
  'photo.remove': { actions: 'removePhoto' as const },
});

/** "Preparing the photo…": made smaller on the phone before it is kept; then back to `back`. */
const shrinkingPhoto = (back: string) => ({
  tags: ['busy' as const],
  entry: 'startProgress' as const,
  exit: 'endShrink' as const,
  invoke: {
    id: 'shrink',
    src: 'shrink' as const,
    input: ({
      context,
      self,
    }: {
      context: CrewStopContext;
      self: { send: (event: { type: 'progress'; percent: number }) => void };
    }) => ({ file: context.picked!, report: reporter({ self }) }),
    onDone: { target: back, actions: 'keepPhoto' as const },
    onError: { target: back, actions: ['photoUnreadable' as const, notifyPhotoErrors] },
  },
  on: { progress: { actions: 'setProgress' as const } },
});

export const crewStopMachine = setup({
  types: {
    context: {} as CrewStopContext,
    input: {} as CrewStopInput,
    events: {} as
      | { type: 'stop.onTheWay' }
      | { type: 'stop.arrived' }
      | { type: 'stop.pickedUp' }
      | { type: 'delivery.start' }
      | { type: 'failure.start' }
      | { type: 'stop.seen'; stop: CrewStop }
      | { type: 'code.change'; value: string }
      | { type: 'withoutCode.start' }
      | { type: 'code.back' }
      | { type: 'receiverName.change'; value: string }
      | { type: 'photo.pick'; file: File }
      | { type: 'photo.reject'; messages: string[] }
      | { type: 'photo.remove'; index: number }
      | { type: 'reason.change'; reason: FailureReason }
      | { type: 'note.change'; value: string }
      | { type: 'progress'; percent: number }
      | { type: 'submit' }
      | { type: 'retry' }
      | { type: 'cancel' },
    tags: {} as 'busy',
  },
  actors: {
    locate: providedByView<Position | null>('locate'),
    sendEvent: providedByView<CrewStop, StopEventCall>('sendEvent'),
    shrink: providedByView<File, ShrinkCall>('shrink'),
  },
  actions: {
    notifyErrors: (_, _params: { messages: string[] }) => {},
    /** The action goes to the phone's queue (crewOutboxMachine), to be sent when the network is back. */
    enqueue: (_, _params: { action: QueuedAction }) => {},
    /** Queued: the stop shows the state the action leads to; the action is over here. */
    advance: assign(({ context }) => ({
      stop: { ...context.stop, state: stopStateAfter[requestOf(context).type] },
      submissionKey: null,
      takenAt: null,
      recording: null,
      errors: {},
      messages: [],
    })),
    /** The stop as the server now has it: the list shows it. */
    saved: (_, _params: { stop: CrewStop }) => {},
    clearForms: assign({
      code: '',
      receiverName: '',
      photos: [],
      reason: null,
      note: '',
      position: null,
    }),
    /**
     * The list loaded again: the stop as the server has it now (staff may have moved it), with the
     * actions waiting on the phone applied (a queued action refused and removed brings it back).
     */
    seen: assign(({ context, event }) => {
      const { stop } = event as { stop: CrewStop };
      return { stop, codeLocked: context.codeLocked || stop.code_locked };
    }),
    /** What the crew member is about to record: a fresh start, without old messages. */
    choose: assign((_, { recording }: { recording: Recording }) => ({
      recording,
      errors: {},
      messages: [],
    })),
    /** The answer is the stop as it now is; the action is over. */
    acceptAnswer: assign(({ event }) => ({
      stop: (event as unknown as { output: CrewStop }).output,
      submissionKey: null,
      takenAt: null,
      recording: null,
      errors: {},
      messages: [],
    })),
    /** A refusal: its messages at the fields and beside the buttons; the next send is a new one. */
    refuse: assign(({ event }) => ({
      ...feedbackOf(errorOf(event)),
      submissionKey: null,
      takenAt: null,
    })),
    pickPhoto: assign(({ context, event }) => {
      assertEvent(event, 'photo.pick');
      return { picked: event.file, errors: withoutErrorsOf(context.errors, 'photos') };
    }),
    rejectPhoto: assign(({ context, event }) => {
      assertEvent(event, 'photo.reject');
      return { errors: { ...context.errors, photos: event.messages } };
    }),
    removePhoto: assign(({ context, event }) => {
      assertEvent(event, 'photo.remove');
      return { photos: context.photos.filter((_, index) => index !== event.index) };
    }),
    keepPhoto: assign(({ context, event }) => ({
      photos: [...context.photos, (event as unknown as { output: File }).output],
    })),
    photoUnreadable: assign(({ context, event }) => {
      const error = errorOf(event);
      return {
        errors: {
          ...context.errors,
          photos: isApiError(error) ? error.messages : [UNREADABLE_PHOTO],
        },
      };
    }),
    startProgress: assign({ progress: 0 }),
    setProgress: assign(({ event }) => {
      assertEvent(event, 'progress');
      return { progress: event.percent };
    }),
    endShrink: assign({ progress: null, picked: null }),
  },
  guards: {
    canGoOnTheWay: ({ context }) => follows('on_the_way', context.stop),
    canArrive: ({ context }) => follows('arrived', context.stop),
    canPickUp: ({ context }) =>
      follows('picked_up', context.stop) && !isHandover(context.stop.kind),
    /** Picked up at a move's loading: its form takes the goods' condition photos. */
    canLoad: ({ context }) => follows('picked_up', context.stop) && context.stop.kind === 'loading',
    canDeliver: ({ context }) =>
      follows('delivered', context.stop) && isHandover(context.stop.kind),
    canFail: ({ context }) => follows('failed', context.stop),
    /** Not yet picked up, delivered or failed. */
    isOpen: ({ context }) => !['done', 'failed'].includes(context.stop.state),
    /** A drop-off on its way whose code is locked: Delivered goes without it. */
    canDeliverWithoutCodeOnly: ({ context }) =>
      follows('delivered', context.stop) && isHandover(context.stop.kind) && context.codeLocked,
    codeIsOpen: ({ context }) => !context.codeLocked,
    codeIsComplete: ({ context }) => /^\d{4}$/.test(context.code),
    hasRoomForPhoto: ({ context }) => context.photos.length < MAX_PROOF_PHOTOS,
    /** The code form of a move's unloading takes the goods' condition photos. */
    hasRoomForConditionPhoto: ({ context }) =>
      takesConditionPhotos(context.stop.kind) && context.photos.length < MAX_PROOF_PHOTOS,
    withoutCodeIsComplete: ({ context }) => !Object.keys(withoutCodeProblems(context)).length,
    failureIsComplete: ({ context }) => !Object.keys(failureProblems(context)).length,
    /** 422 at `code`: the code was wrong, and the message says how many tries are left. */
    isWrongCode: ({ context, event }) => {
      const error = errorOf(event);
      return (
        context.recording === 'with_code' &&
        isApiError(error) &&
        error.status === 422 &&
        Boolean(error.fields.code?.length)
      );
    },
    /** 409 or 423 to a code: it is locked after five wrong tries. */
    isLocked: ({ context, event }) =>
      context.recording === 'with_code' && [409, 423].includes(statusOf(event) ?? 0),
    wasRefused: ({ event }) => wasRefused(errorOf(event)),
    /** No answer at all, and no photos: the action can wait in the phone's queue. */
    canWaitUnanswered: ({ context, event }) =>
      wasUnanswered(errorOf(event)) && photosSent(context).length === 0,
    /** No network, or actions already waiting to be sent: provided by the view (alone, never). */
    mustQueue: () => false,
    sendsPhotos: ({ context }) => photosSent(context).length > 0,
    finishesStop: ({ event }) =>
      ['done', 'failed'].includes((event as { output?: CrewStop }).output?.state ?? ''),
    isFailure: ({ context }) => context.recording === 'failed',
    isWithoutCode: ({ context }) => context.recording === 'without_code',
    isWithCode: ({ context }) => context.recording === 'with_code',
    isLoading: ({ context }) =>
      context.recording === 'picked_up' && context.stop.kind === 'loading',
  },
  delays: {
    locateLimit: ({ context }) => context.locateLimit,
  },
}).createMachine({
  id: 'crewStop',
  context: ({ input }) => ({
    stop: input.stop,
    locateLimit: input.locateLimit,
    newSubmissionKey: input.newSubmissionKey,
    now: input.now,
    recording: null,
    code: '',
    receiverName: '',
    photos: [],
    picked: null,
    reason: null,
    note: '',
    position: null,
    errors: {},
    messages: [],
    progress: null,
    submissionKey: null,
    takenAt: null,
    codeLocked: input.stop.code_locked,
  }),
  initial: 'checking',
  states: {
    /** A stop already finished offers nothing. */
    checking: {
      always: [{ guard: 'isOpen', target: 'idle' }, { target: 'done' }],
    },
    /** The stop's actions, as its state allows; a form left with Cancel starts afresh next time. */
    idle: {
      entry: 'clearForms',
      on: {
        'stop.onTheWay': {
          guard: 'canGoOnTheWay',
          target: 'locating',
          actions: choose('on_the_way'),
        },
        'stop.arrived': { guard: 'canArrive', target: 'locating', actions: choose('arrived') },
        'stop.pickedUp': [
          { guard: 'canLoad', target: 'loaded', actions: choose('picked_up') },
          { guard: 'canPickUp', target: 'locating', actions: choose('picked_up') },
        ],
        'delivery.start': [
          {
            guard: 'canDeliverWithoutCodeOnly',
            target: 'withoutCode',
            actions: choose('without_code'),
          },
          { guard: 'canDeliver', target: 'delivering', actions: choose('with_code') },
        ],
        'failure.start': { guard: 'canFail', target: 'failing', actions: choose('failed') },
        'stop.seen': { target: 'checking', actions: 'seen' },
      },
    },
    /**
     * Delivered: the 4-digit code the receiver was sent; at a move's unloading, up to 3 photos of
     * the goods' condition too (none needed).
     */
    delivering: {
      initial: 'enteringCode',
      states: {
        enteringCode: { on: { ...photoEvents('hasRoomForConditionPhoto') } },
        /** The server said the code is wrong: its message (with the tries left) is at the field. */
        codeWrong: { on: { ...photoEvents('hasRoomForConditionPhoto') } },
        /** A photo is made smaller: the delivery waits for it (its message stays at the code). */
        shrinking: {
          ...shrinkingPhoto('enteringCode'),
          on: {
            progress: { actions: 'setProgress' },
            submit: {},
            'withoutCode.start': {},
          },
        },
      },
      on: {
        'code.change': {
          actions: assign(({ context, event }) => ({
            code: codeDigits(event.value),
            errors: withoutErrorsOf(context.errors, 'code'),
          })),
        },
        submit: [
          { guard: 'codeIsComplete', target: 'locating' },
          { actions: [assign({ errors: { code: [CODE_MESSAGE] } }), notifyFieldErrors] },
        ],
        'withoutCode.start': { target: 'withoutCode', actions: choose('without_code') },
        cancel: 'idle',
      },
    },
    /** Delivered without the code: the receiver's name and 1 to 3 photos of the handover. */
    withoutCode: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            ...photoEvents('hasRoomForPhoto'),
            submit: [
              { guard: 'withoutCodeIsComplete', target: '#crewStop.locating' },
              {
                actions: [
                  assign({ errors: ({ context }) => withoutCodeProblems(context) }),
                  notifyFieldErrors,
                ],
              },
            ],
          },
        },
        shrinking: shrinkingPhoto('choosing'),
      },
      on: {
        'receiverName.change': {
          actions: assign(({ context, event }) => ({
            receiverName: event.value,
            errors: withoutErrorsOf(context.errors, 'receiver_name'),
          })),
        },
        'code.back': {
          guard: 'codeIsOpen',
          target: 'delivering',
          actions: choose('with_code'),
        },
        cancel: 'idle',
      },
    },
    /** Picked up at a move's loading: up to 3 photos of the goods' condition, if the crew takes any. */
    loaded: {
      initial: 'choosing',
      states: {
        choosing: {
          on: { ...photoEvents('hasRoomForPhoto'), submit: '#crewStop.locating' },
        },
        shrinking: shrinkingPhoto('choosing'),
      },
      on: { cancel: 'idle' },
    },
    /** Failed: why (a reason, and what happened when it is `other`). */
    failing: {
      on: {
        'reason.change': {
          actions: assign(({ context, event }) => ({
            reason: event.reason,
            errors: withoutErrorsOf(context.errors, 'reason'),
          })),
        },
        'note.change': {
          actions: assign(({ context, event }) => ({
            note: event.value,
            errors: withoutErrorsOf(context.errors, 'note'),
          })),
        },
        submit: [
          { guard: 'failureIsComplete', target: 'locating' },
          {
            actions: [
              assign({ errors: ({ context }) => failureProblems(context) }),
              notifyFieldErrors,
            ],
          },
        ],
        cancel: 'idle',
      },
    },
    /** "Finding your position…": never longer than `locateLimit`, and never required. */
    locating: {
      tags: ['busy'],
      entry: assign({
        submissionKey: ({ context }) => heldOrNewKey(context),
        takenAt: ({ context }) => context.takenAt ?? context.now(),
        position: null,
        messages: [],
      }),
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: { target: 'deciding', actions: assign({ position: ({ event }) => event.output }) },
        onError: 'deciding',
      },
      after: { locateLimit: 'deciding' },
    },
    /** With network and nothing waiting before it, the action goes now. */
    deciding: {
      always: [{ guard: 'mustQueue', target: 'withoutNetwork' }, { target: 'sending' }],
    },
    /** No network (or actions waiting before it): to the phone's queue; photos wait for Try again. */
    withoutNetwork: {
      always: [
        {
          guard: 'sendsPhotos',
          target: 'failed',
          actions: [assign({ messages: [PHOTOS_NEED_NETWORK] }), notifyMessages],
        },
        { target: 'checking', actions: queue },
      ],
    },
    /** "Sending…", with how much has gone when photos go. */
    sending: {
      tags: ['busy'],
      entry: assign({ progress: 0 }),
      exit: assign({ progress: null }),
      invoke: {
        id: 'sendEvent',
        src: 'sendEvent',
        input: ({ context, self }) => ({
          stopId: context.stop.id,
          request: requestOf(context),
          photos: photosSent(context),
          idempotencyKey: context.submissionKey!,
          report: reporter({ self }),
        }),
        onDone: [
          { guard: 'finishesStop', target: 'done', actions: ['acceptAnswer', saved] },
          { target: 'idle', actions: ['acceptAnswer', saved] },
        ],
        onError: [
          {
            guard: 'isWrongCode',
            target: 'delivering.codeWrong',
            actions: ['refuse', notifyMessages],
          },
          {
            guard: 'isLocked',
            target: 'withoutCode',
            actions: [
              'refuse',
              assign({ codeLocked: true, code: '', errors: {}, recording: 'without_code' }),
              notifyMessages,
            ],
          },
          { guard: 'wasRefused', target: 'returning', actions: ['refuse', notifyMessages] },
          // No answer: to the phone's queue, with its key and time (photos wait for Try again).
          { guard: 'canWaitUnanswered', target: 'checking', actions: queue },
          // The server failed, or photos got no answer: the same request waits for Try again.
          {
            target: 'failed',
            actions: [
              assign({ messages: ({ event }) => feedbackOf(event.error).messages }),
              notifyMessages,
            ],
          },
        ],
      },
      on: {
        progress: { actions: assign({ progress: ({ event }) => event.percent }) },
      },
    },
    /** Back to the form the action came from (its messages at its fields), or to the actions. */
    returning: { always: [...backToForm] },
    /** Not sent: why, with Try again (the same request) and Cancel (back to the form). */
    failed: {
      on: {
        retry: 'deciding',
        cancel: {
          target: 'returning',
          actions: assign({ submissionKey: null, takenAt: null, messages: [] }),
        },
      },
    },
    /** Picked up, delivered or failed: nothing more to do here, unless the list says otherwise. */
    done: { entry: 'clearForms', on: { 'stop.seen': { target: 'checking', actions: 'seen' } } },
  },
});
