import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { ApiError, networkFailure } from '../../src/api/errors';
import {
  photoUploadMachine,
  sendThrough,
  SENDING_STOPPED,
  UNREADABLE_PHOTO,
  type SendInput,
  type ShrinkInput,
} from '../../src/machines/photoUploadMachine';
import { graphSuite, recordEffects, statePath } from '../support/graph/graph';

const chosen = new File([new Uint8Array(5_000_000)], 'living-room.jpg', { type: 'image/jpeg' });
const shrunk = new File([new Uint8Array(400_000)], 'living-room.jpg', { type: 'image/jpeg' });
const request = { quote: { full_name: 'Ada Obi' }, submissionKey: 'key-1' };
const answer = { message: 'Local service created successfully' };
const STILL_TOO_LARGE = 'This photo is larger than 1 MB and could not be made smaller.';
const tooLarge = new ApiError([STILL_TOO_LARGE]);
const notAnImage = 'File type must be an image: PNG, JPEG, WebP or GIF.';
const refused = new ApiError(
  [notAnImage, 'Enter a valid email address.'],
  { file: [notAnImage], email: ['Enter a valid email address.'] },
  422,
);
const dropped = networkFailure();
const effects = recordEffects(['notifyErrors', 'sent', 'failed']);

/** What the form hears when it gets its request back unsent: why, as the form shows it. */
const stopped = expect.objectContaining({ messages: [SENDING_STOPPED], status: null });

graphSuite('photoUpload', {
  machine: photoUploadMachine,
  input: { field: 'file' },
  events: [
    { type: 'photo.pick', file: chosen },
    { type: 'photo.reject', messages: ['File type must be image/*'] },
    { type: 'upload.send', request },
    { type: 'progress', percent: 42 },
    { type: 'xstate.done.actor.shrink', output: shrunk },
    // A picture the browser cannot decode, and one the shrink could not bring under 1 MB.
    { type: 'xstate.error.actor.shrink', error: new Error('The source image cannot be decoded.') },
    { type: 'xstate.error.actor.shrink', error: tooLarge },
    { type: 'xstate.done.actor.send', output: answer },
    { type: 'xstate.error.actor.send', error: refused },
    { type: 'xstate.error.actor.send', error: dropped },
  ],
  implementations: { actions: effects.actions },
  // Choosing (nothing or a photo ready), shrinking it, sending the form with it, and a send
  // that got no answer, waiting for Try again or Cancel.
  states: { choosing: [], shrinking: ['busy'], sending: ['busy'], failed: [] },
  offers: {
    choosing: ['photo.pick', 'photo.reject', 'photo.remove', 'upload.send'],
    shrinking: ['progress', 'upload.send', 'cancel'],
    sending: ['progress', 'cancel'],
    failed: ['retry', 'cancel'],
  },
  checkInput: (id, input, snapshot) => {
    const { picked, photo } = snapshot.context;
    if (id === 'shrink') expect(input).toEqual({ file: picked, report: expect.any(Function) });
    else
      expect(input).toEqual({ request, photo, report: expect.any(Function) } satisfies SendInput);
  },
  check: (actual, _expected, event, before) => {
    const done = effects.take();
    const now = actual.context;
    const was = before.context;
    const from = statePath(before.value);
    const state = statePath(actual.value);
    const waiting = was.request !== null;
    const payload = event as unknown as Record<string, never>;
    switch (event.type) {
      case 'photo.pick':
        expect(state).toBe('shrinking');
        expect(now).toMatchObject({ picked: chosen, photo: null, errors: [], progress: 0 });
        expect(done).toEqual([]);
        break;
      case 'photo.reject':
        expect(state).toBe('choosing');
        expect(now).toEqual({ ...was, errors: payload.messages });
        expect(done).toEqual([['notifyErrors', { messages: payload.messages }]]);
        break;
      case 'photo.remove':
        expect(now).toEqual({ ...was, photo: null, errors: [] });
        expect(done).toEqual([]);
        break;
      case 'upload.send':
        // Handed over while shrinking, the request waits for the photo.
        expect(state).toBe(from === 'shrinking' ? 'shrinking' : 'sending');
        expect(now.request).toBe(request);
        expect(done).toEqual([]);
        break;
      case 'progress':
        expect(state).toBe(from);
        expect(now).toEqual({ ...was, progress: 42 });
        break;
      case 'xstate.done.actor.shrink':
        expect(state).toBe(waiting ? 'sending' : 'choosing');
        expect(now).toMatchObject({ photo: shrunk, picked: null, request: was.request });
        expect(done).toEqual([]);
        break;
      case 'xstate.error.actor.shrink': {
        const messages = payload.error === tooLarge ? [STILL_TOO_LARGE] : [UNREADABLE_PHOTO];
        expect(state).toBe('choosing');
        expect(now).toMatchObject({ photo: null, picked: null, errors: messages, request: null });
        // The form waiting to send takes it back, a refusal under the photo's field; else a toast.
        if (waiting) {
          expect(done).toEqual([['failed', { error: expect.any(ApiError) }]]);
          const error = (done[0]![1] as { error: ApiError }).error;
          expect(error).toMatchObject({ messages, fields: { file: messages }, status: 422 });
        } else expect(done).toEqual([['notifyErrors', { messages }]]);
        break;
      }
      case 'cancel':
        expect(state).toBe('choosing');
        expect(now).toMatchObject({ picked: null, request: null, progress: null });
        if (from === 'shrinking') expect(now.photo).toBeNull();
        else expect(now.photo).toBe(was.photo);
        expect(done).toEqual(waiting ? [['failed', { error: stopped }]] : []);
        break;
      case 'retry':
        expect(state).toBe('sending');
        expect(now).toEqual({ ...was, progress: 0 });
        break;
      case 'xstate.done.actor.send':
        expect(state).toBe('choosing');
        expect(now).toEqual({ ...was, photo: null, request: null, progress: null });
        expect(done).toEqual([['sent', { result: answer }]]);
        break;
      case 'xstate.error.actor.send':
        if (payload.error === refused) {
          // What the server says about the photo stays under it; the form gets every message.
          expect(state).toBe('choosing');
          expect(now).toEqual({
            ...was,
            errors: [notAnImage],
            request: null,
            progress: null,
          });
          expect(done).toEqual([['failed', { error: refused }]]);
        } else {
          expect(state).toBe('failed');
          expect(now).toEqual(was);
          expect(done).toEqual([]);
        }
        break;
      default:
        throw new Error(`No expectation for ${event.type}`);
    }
  },
});

/** The machine with working stand-ins for the view's calls. */
function start(calls: {
  shrink?: (input: ShrinkInput) => Promise<File>;
  send?: (input: SendInput) => Promise<unknown>;
}) {
  const pending = () => new Promise<never>(() => {});
  return createActor(
    photoUploadMachine.provide({
      actors: {
        shrink: fromPromise<File, ShrinkInput>(({ input }) => (calls.shrink ?? pending)(input)),
        send: fromPromise<unknown, SendInput>(({ input }) => (calls.send ?? pending)(input)),
      },
    }),
    { input: { field: 'file' } },
  ).start();
}

const at = (state: string) => (snapshot: AnyMachineSnapshot) => snapshot.matches(state);

describe('photoUpload with the form', () => {
  it('starts with nothing chosen', () => {
    expect(start({}).getSnapshot().context).toEqual({
      field: 'file',
      picked: null,
      photo: null,
      errors: [],
      progress: null,
      request: null,
    });
  });

  it('shows how far the shrink and the send are, as their calls report it', async () => {
    let finishShrink!: (file: File) => void;
    let finishSend!: (answer: unknown) => void;
    const upload = start({
      shrink: ({ report }) => {
        report(30);
        return new Promise((resolve) => (finishShrink = resolve));
      },
      send: ({ report }) => {
        report(75);
        return new Promise((resolve) => (finishSend = resolve));
      },
    });
    upload.send({ type: 'photo.pick', file: chosen });
    expect(upload.getSnapshot().context.progress).toBe(30);
    finishShrink(shrunk);
    await waitFor(upload, at('choosing'));
    const result = sendThrough(upload, request);
    expect(upload.getSnapshot().context.progress).toBe(75);
    finishSend(answer);
    await expect(result).resolves.toBe(answer);
  });

  it('sends the form with the shrunk photo, and resolves with the answer', async () => {
    const sent: SendInput[] = [];
    const upload = start({
      shrink: async () => shrunk,
      send: async (input) => {
        sent.push(input);
        return answer;
      },
    });
    upload.send({ type: 'photo.pick', file: chosen });
    await waitFor(upload, at('choosing'));
    await expect(sendThrough(upload, request)).resolves.toBe(answer);
    expect(sent).toEqual([{ request, photo: shrunk, report: expect.any(Function) }]);
    expect(upload.getSnapshot().context.photo).toBeNull();
  });

  it('waits for a photo still being shrunk before it sends', async () => {
    let finishShrink!: (file: File) => void;
    const sent: (File | null)[] = [];
    const upload = start({
      shrink: () => new Promise((resolve) => (finishShrink = resolve)),
      send: async ({ photo }) => {
        sent.push(photo);
        return answer;
      },
    });
    upload.send({ type: 'photo.pick', file: chosen });
    const result = sendThrough(upload, request);
    expect(upload.getSnapshot().value).toBe('shrinking');
    finishShrink(shrunk);
    await expect(result).resolves.toBe(answer);
    expect(sent).toEqual([shrunk]);
  });

  it('tries the same request again after the network dropped, and gives it back when cancelled', async () => {
    const sent: object[] = [];
    const upload = start({
      send: async (input) => {
        sent.push(input.request);
        throw dropped;
      },
    });
    const result = sendThrough(upload, request);
    await waitFor(upload, at('failed'));
    upload.send({ type: 'retry' });
    await waitFor(upload, at('failed'));
    expect(sent).toEqual([request, request]);
    upload.send({ type: 'cancel' });
    await expect(result).rejects.toMatchObject({ messages: [SENDING_STOPPED], status: null });
    expect(upload.getSnapshot().value).toBe('choosing');
  });

  it('gives the form the refusal, keeping the photo for the next try', async () => {
    const upload = start({
      shrink: async () => shrunk,
      send: async () => {
        throw refused;
      },
    });
    upload.send({ type: 'photo.pick', file: chosen });
    await waitFor(upload, at('choosing'));
    await expect(sendThrough(upload, request)).rejects.toBe(refused);
    expect(upload.getSnapshot().context).toMatchObject({ photo: shrunk, errors: [notAnImage] });
  });

  it('gives the form a picture that cannot be read as a refusal of its field', async () => {
    const upload = start({
      shrink: () => new Promise((_, reject) => setTimeout(() => reject(new Error('decode')), 0)),
    });
    upload.send({ type: 'photo.pick', file: chosen });
    await expect(sendThrough(upload, request)).rejects.toMatchObject({
      messages: [UNREADABLE_PHOTO],
      fields: { file: [UNREADABLE_PHOTO] },
      status: 422,
    });
    expect(upload.getSnapshot().context.errors).toEqual([UNREADABLE_PHOTO]);
  });
});
