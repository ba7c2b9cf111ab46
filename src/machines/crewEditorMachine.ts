/**
 * /staff/crews (docs/crews.md, "Crews"): staff read the crews, make one (name, vehicle, plate),
 * add a member by the email of an existing account, and remove a member after confirming it
 * (it takes effect at once). Each form is checked with the contract's schema first; what is wrong
 * goes under its fields and out as toasts, and so does a refusal from the server. What staff typed
 * stays through a refused check and a failed call. The calls (`loadCrews`, `createCrew`,
 * `addMember`, `removeMember`) and the toasts are provided by the view.
 *
 * The forms are kept by name: `crew` (the new crew) and `member:<crew id>` (each crew's email).
 */
import { assign, setup } from 'xstate';
import { crewMemberRequest, crewRequest, type Crew, type CrewMember } from '../api/contract/crews';
import { messagesOf } from '../api/errors';
import { feedbackOf, problemsOf, withoutErrorsOf, type Errors, type Values } from './formFields';
import { providedByView } from './providedByView';
import { passes, toastMessages } from './submitLifecycle';

export const NEW_CREW = 'crew';
/** The form of one crew's "add a member" email. */
export const memberForm = (crewId: string) => `member:${crewId}`;
const emptyCrew = (): Values => ({ name: '', vehicle: '', plate: '' });

/** The member staff asked to remove, until they confirm it. */
export interface Removal {
  crewId: string;
  member: CrewMember;
}

export interface CrewEditorContext {
  crews: Crew[];
  forms: Record<string, Values>;
  errors: Record<string, Errors>;
  removal: Removal | null;
  /** The crew whose new member is being sent. */
  addingTo: string | null;
  /** What the last failure said (a failed load, a refused form), also shown as toasts. */
  messages: string[];
}

export type CrewEditorEvent =
  | { type: 'field.change'; form: string; name: string; value: string }
  | { type: 'crew.create' }
  | { type: 'member.add'; crewId: string }
  | { type: 'member.remove'; crewId: string; memberId: string }
  | { type: 'confirm' }
  | { type: 'back' }
  | { type: 'retry' };

/** The form a submit event names, and the contract's schema its values must pass. */
const formOf = (event: CrewEditorEvent) =>
  event.type === 'member.add'
    ? { form: memberForm(event.crewId), schema: crewMemberRequest }
    : { form: NEW_CREW, schema: crewRequest };
const valuesOf = (context: CrewEditorContext, form: string): Values =>
  context.forms[form] ?? (form === NEW_CREW ? emptyCrew() : { email: '' });
/** The crew the server answered, in place of the one shown (or added last when it is new). */
const withCrew = (crews: Crew[], crew: Crew) =>
  crews.some((shown) => shown.id === crew.id)
    ? crews.map((shown) => (shown.id === crew.id ? crew : shown))
    : [...crews, crew];

const memberOf = (crews: Crew[], { crewId, memberId }: { crewId: string; memberId: string }) =>
  crews.find((crew) => crew.id === crewId)?.members.find((member) => member.id === memberId);

type Answered = { context: CrewEditorContext; event: { output: Crew } };
type Failed = { event: { error: unknown } };

const machine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as CrewEditorContext,
    events: {} as CrewEditorEvent,
  },
  actors: {
    loadCrews: providedByView<Crew[]>('loadCrews'),
    createCrew: providedByView<Crew, Values>('createCrew'),
    addMember: providedByView<Crew, { crewId: string; email: string }>('addMember'),
    removeMember: providedByView<Crew, { crewId: string; memberId: string }>('removeMember'),
  },
  actions: {
    notifyErrors: (_, _params: { messages: string[] }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    /** The submitted form's messages under its fields (none when it passes). */
    check: assign(({ context, event }) => {
      const { form, schema } = formOf(event);
      const { errors, messages } = problemsOf(schema, valuesOf(context, form));
      return { errors: { ...context.errors, [form]: errors }, messages };
    }),
    /** What the server said about a form: under its fields, and as toasts next. */
    refuse: assign(({ context }, params: { form: string; error: unknown }) => {
      const { errors, messages } = feedbackOf(params.error);
      return { errors: { ...context.errors, [params.form]: errors }, messages };
    }),
    /** The crew the server answered is shown, and the form that made the change is emptied. */
    keep: assign(({ context }, params: { crew: Crew; form: string | null }) => {
      const { [params.form ?? '']: _sent, ...forms } = context.forms;
      return { crews: withCrew(context.crews, params.crew), forms, removal: null, messages: [] };
    }),
  },
  guards: {
    isShownMember: ({ context, event }) =>
      event.type === 'member.remove' && memberOf(context.crews, event) !== undefined,
    isValid: ({ context, event }) => {
      const { form, schema } = formOf(event);
      return passes({ schema, value: valuesOf(context, form) });
    },
  },
});

const failedSo = (form: (context: CrewEditorContext) => string) => ({
  target: '#crewEditor.ready.idle',
  actions: [
    {
      type: 'refuse' as const,
      params: ({ context, event }: Failed & { context: CrewEditorContext }) => ({
        form: form(context),
        error: event.error,
      }),
    },
    toastMessages,
  ],
});

export const crewEditorMachine = machine.createMachine({
  id: 'crewEditor',
  context: { crews: [], forms: {}, errors: {}, removal: null, addingTo: null, messages: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCrews',
        src: 'loadCrews',
        onDone: {
          target: 'ready',
          actions: assign({ crews: ({ event }) => event.output, messages: [] }),
        },
        onError: {
          target: 'failed',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({
                forms: {
                  ...context.forms,
                  [event.form]: { ...valuesOf(context, event.form), [event.name]: event.value },
                },
                errors: {
                  ...context.errors,
                  [event.form]: withoutErrorsOf(context.errors[event.form] ?? {}, event.name),
                },
              })),
            },
            'crew.create': [
              { guard: 'isValid', target: 'creating', actions: 'check' },
              { actions: ['check', toastMessages] },
            ],
            'member.add': [
              {
                guard: 'isValid',
                target: 'addingMember',
                actions: ['check', assign({ addingTo: ({ event }) => event.crewId })],
              },
              { actions: ['check', toastMessages] },
            ],
            'member.remove': {
              guard: 'isShownMember',
              target: 'confirmingRemoval',
              actions: assign({
                removal: ({ context, event }) => ({
                  crewId: event.crewId,
                  member: memberOf(context.crews, event)!,
                }),
              }),
            },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createCrew',
            src: 'createCrew',
            input: ({ context }) => valuesOf(context, NEW_CREW),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'keep',
                  params: ({ event }: Answered) => ({ crew: event.output, form: NEW_CREW }),
                },
                {
                  type: 'notifySuccess',
                  params: ({ event }: Answered) => ({ message: `Crew ${event.output.name} made.` }),
                },
              ],
            },
            onError: failedSo(() => NEW_CREW),
          },
        },
        addingMember: {
          tags: ['busy'],
          invoke: {
            id: 'addMember',
            src: 'addMember',
            input: ({ context }) => ({
              crewId: context.addingTo!,
              email: valuesOf(context, memberForm(context.addingTo!)).email!.trim(),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'keep',
                  params: ({ event }: Answered) => ({
                    crew: event.output,
                    form: memberForm(event.output.id),
                  }),
                },
                {
                  type: 'notifySuccess',
                  params: ({ event }: Answered) => ({
                    message: `Member added to ${event.output.name}.`,
                  }),
                },
              ],
            },
            onError: failedSo((context) => memberForm(context.addingTo!)),
          },
        },
        /** "Remove Ada from Van 1? It takes effect at once." Yes, or Back. */
        confirmingRemoval: {
          on: {
            confirm: 'removingMember',
            back: { target: 'idle', actions: assign({ removal: null }) },
          },
        },
        removingMember: {
          tags: ['busy'],
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => ({
              crewId: context.removal!.crewId,
              memberId: context.removal!.member.id,
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notifySuccess',
                  params: ({ context }: Answered) => ({
                    message: `${context.removal!.member.fullname} removed.`,
                  }),
                },
                {
                  type: 'keep',
                  params: ({ event }: Answered) => ({ crew: event.output, form: null }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ removal: null, messages: ({ event }) => messagesOf(event.error) }),
                toastMessages,
              ],
            },
          },
        },
      },
    },
  },
});
