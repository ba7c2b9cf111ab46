/**
 * A form's photo, from the picker to the server (docs/using-the-site.md, "Photos"): the 5-step
 * quote's photo and the profile picture. A chosen photo is shrunk on the phone (longest side at
 * most 1600 px, upright, JPEG of at most 1 MB) while the page says so; when the form is sent, the
 * photo goes with it and the page shows how much of it has gone. A send that gets no answer (the
 * network dropped, a timeout, a 5xx) waits in `failed` for Try again, which sends the same request
 * (so the same Idempotency-Key) again; Cancel stops a shrink or a send, and the form comes back
 * with everything typed.
 *
 * The form hands its request over with `upload.send` (through `sendThrough`, in this file) and
 * hears how it ended from what this machine emits: `upload.sent` with the answer, or
 * `upload.failed` with the reason (refused, a photo that cannot be read, cancelled). A request
 * handed over while the photo is still being shrunk waits for it.
 *
 * Side effects are provided by the view: `shrink` (the photo made smaller) and `send` (the form's
 * call, carrying the photo), each telling how far it is with `report(percent)`; `notifyErrors`
 * (toasts).
 */
import { assign, emit, setup, type Actor } from 'xstate';
import { ApiError, isApiError } from '../api/errors';
import { wasRefused } from './formFields';
import { UNREADABLE_PHOTO } from './photoMessages';
import { providedByView } from './providedByView';

export { UNREADABLE_PHOTO } from './photoMessages';
export const SENDING_STOPPED =
  'Sending stopped. Everything you typed is kept: send it again when you are ready.';

export interface PhotoUploadInput {
  /** The form's field the photo goes under, where the server's messages about it are kept. */
  field: string;
}

/** What `shrink` is given: the photo as chosen, and where to say how far it is (0–100). */
export interface ShrinkInput {
  file: File;
  report: (percent: number) => void;
}

/** What `send` is given: the form's request, the photo to carry (if any), and where to say how far it is. */
export interface SendInput {
  request: object;
  photo: File | null;
  report: (percent: number) => void;
}

export type PhotoUploadEmitted =
  { type: 'upload.sent'; result: unknown } | { type: 'upload.failed'; error: unknown };

interface PhotoUploadContext {
  field: string;
  /** The photo as chosen, while it is shrunk. */
  picked: File | null;
  /** The shrunk photo, sent with the form. */
  photo: File | null;
  /** Under the photo's field: the picker's refusals, a picture that cannot be read, the server's words about it. */
  errors: string[];
  /** How far the shrink or the send is, in percent; null while neither runs. */
  progress: number | null;
  /** The form's request, from `upload.send` until it ends (kept for Try again). */
  request: object | null;
}

const reporter =
  ({ self }: { self: { send: (event: { type: 'progress'; percent: number }) => void } }) =>
  (percent: number) =>
    self.send({ type: 'progress', percent });

export const photoUploadMachine = setup({
  types: {
    context: {} as PhotoUploadContext,
    input: {} as PhotoUploadInput,
    events: {} as
      | { type: 'photo.pick'; file: File }
      | { type: 'photo.reject'; messages: string[] }
      | { type: 'photo.remove' }
      | { type: 'upload.send'; request: object }
      | { type: 'progress'; percent: number }
      | { type: 'cancel' }
      | { type: 'retry' },
    emitted: {} as PhotoUploadEmitted,
    tags: {} as 'busy',
  },
  actors: {
    shrink: providedByView<File, ShrinkInput>('shrink'),
    send: providedByView<unknown, SendInput>('send'),
  },
  actions: {
    notifyErrors: (_, _params: { messages: string[] }) => {},
    /** The form's call was answered: the form goes on with the answer. */
    sent: emit((_, { result }: { result: unknown }) => ({ type: 'upload.sent' as const, result })),
    /** The form's call will not be answered: the form comes back, and says why. */
    failed: emit((_, { error }: { error: unknown }) => ({ type: 'upload.failed' as const, error })),
    keepRequest: assign((_, { request }: { request: object }) => ({ request })),
    forgetRequest: assign({ request: null }),
    showProgress: assign((_, { percent }: { percent: number }) => ({ progress: percent })),
    showMessages: assign((_, { messages }: { messages: string[] }) => ({ errors: messages })),
  },
  guards: {
    isWaiting: ({ context }) => context.request !== null,
    wasRefused: ({ event }) => wasRefused((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'photoUpload',
  context: ({ input }) => ({
    field: input.field,
    picked: null,
    photo: null,
    errors: [],
    progress: null,
    request: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      entry: assign({ progress: null }),
      on: {
        'photo.pick': {
          target: 'shrinking',
          actions: assign(({ event }) => ({ picked: event.file, photo: null, errors: [] })),
        },
        'photo.reject': {
          actions: [
            { type: 'showMessages', params: ({ event }) => ({ messages: event.messages }) },
            { type: 'notifyErrors', params: ({ event }) => ({ messages: event.messages }) },
          ],
        },
        'photo.remove': { actions: assign({ photo: null, errors: [] }) },
        'upload.send': {
          target: 'sending',
          actions: { type: 'keepRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    shrinking: {
      tags: ['busy'],
      entry: assign({ progress: 0 }),
      invoke: {
        id: 'shrink',
        src: 'shrink',
        input: ({ context, self }) => ({ file: context.picked!, report: reporter({ self }) }),
        onDone: [
          {
            guard: 'isWaiting',
            target: 'sending',
            actions: assign(({ event }) => ({ photo: event.output, picked: null })),
          },
          {
            target: 'choosing',
            actions: assign(({ event }) => ({ photo: event.output, picked: null })),
          },
        ],
        // The form waiting to send hears why (and toasts it); else the picker says it.
        onError: [
          {
            guard: 'isWaiting',
            target: 'choosing',
            actions: [
              assign(({ event }) => ({ errors: unreadable(event.error), picked: null })),
              {
                type: 'failed',
                params: ({ context }) => ({
                  error: new ApiError(context.errors, { [context.field]: context.errors }, 422),
                }),
              },
              'forgetRequest',
            ],
          },
          {
            target: 'choosing',
            actions: [
              assign(({ event }) => ({ errors: unreadable(event.error), picked: null })),
              { type: 'notifyErrors', params: ({ context }) => ({ messages: context.errors }) },
            ],
          },
        ],
      },
      on: {
        progress: {
          actions: { type: 'showProgress', params: ({ event }) => ({ percent: event.percent }) },
        },
        'upload.send': {
          actions: { type: 'keepRequest', params: ({ event }) => ({ request: event.request }) },
        },
        cancel: [
          {
            guard: 'isWaiting',
            target: 'choosing',
            actions: [
              assign({ picked: null }),
              { type: 'failed', params: () => ({ error: new ApiError([SENDING_STOPPED]) }) },
              'forgetRequest',
            ],
          },
          { target: 'choosing', actions: assign({ picked: null }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ progress: 0 }),
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context, self }) => ({
          request: context.request!,
          photo: context.photo,
          report: reporter({ self }),
        }),
        // Sent: the photo is the server's now.
        onDone: {
          target: 'choosing',
          actions: [
            { type: 'sent', params: ({ event }) => ({ result: event.output }) },
            'forgetRequest',
            assign({ photo: null }),
          ],
        },
        onError: [
          // Refused: what the server said about the photo goes under it, the rest to the form.
          {
            guard: 'wasRefused',
            target: 'choosing',
            actions: [
              {
                type: 'showMessages',
                params: ({ context, event }) => ({
                  messages: isApiError(event.error)
                    ? (event.error.fields[context.field] ?? [])
                    : [],
                }),
              },
              { type: 'failed', params: ({ event }) => ({ error: event.error }) },
              'forgetRequest',
            ],
          },
          // No answer: the same request waits for Try again.
          { target: 'failed' },
        ],
      },
      on: {
        progress: {
          actions: { type: 'showProgress', params: ({ event }) => ({ percent: event.percent }) },
        },
        cancel: {
          target: 'choosing',
          actions: [
            { type: 'failed', params: () => ({ error: new ApiError([SENDING_STOPPED]) }) },
            'forgetRequest',
          ],
        },
      },
    },
    failed: {
      on: {
        retry: 'sending',
        cancel: {
          target: 'choosing',
          actions: [
            { type: 'failed', params: () => ({ error: new ApiError([SENDING_STOPPED]) }) },
            'forgetRequest',
          ],
        },
      },
    },
  },
});

/** What a failed shrink says: its own messages (a photo still too large), else that it cannot be read. */
function unreadable(error: unknown): string[] {
  return isApiError(error) ? error.messages : [UNREADABLE_PHOTO];
}

export type PhotoUpload = Actor<typeof photoUploadMachine>;

/**
 * For the form's `submit` call: hands `request` to the upload, and resolves with the answer or
 * rejects with why it ended. The form is busy meanwhile, so the upload always takes it.
 */
export function sendThrough<TResult>(upload: PhotoUpload, request: object): Promise<TResult> {
  return new Promise((resolve, reject) => {
    const endings = [
      upload.on('upload.sent', ({ result }) => {
        stop();
        resolve(result as TResult);
      }),
      upload.on('upload.failed', ({ error }) => {
        stop();
        reject(error);
      }),
    ];
    const stop = () => endings.forEach((ending) => ending.unsubscribe());
    upload.send({ type: 'upload.send', request });
  });
}
