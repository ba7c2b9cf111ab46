/**
 * Generates a machine's test suite from its graph (@xstate/graph): every shortest and simple
 * path becomes a vitest test that replays it on a real actor and checks every state it passes
 * through, and one more test checks that the paths cover every state node and transition.
 *
 * Replay is real: invoked actors are promise stubs that the harness settles when the path says
 * `xstate.done.actor.*` / `xstate.error.actor.*`; delays run on a simulated clock that the
 * harness advances by the named delay when the path says `xstate.after.*`.
 */
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  type StatePath,
} from '@xstate/graph';
import {
  SimulatedClock,
  __unsafe_getAllOwnEventDescriptors as eventTypesOf,
  createActor,
  fromPromise,
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InputFrom,
} from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError, networkFailure } from '../../../src/api/errors';

type Snapshot = AnyMachineSnapshot;
type Sample = EventObject & Record<string, unknown>;
type Samples = Sample[] | ((snapshot: Snapshot) => Sample[]);

export interface GraphSuiteOptions<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /** Several starting inputs (e.g. signed in or not); paths and coverage are taken over all. */
  inputs?: InputFrom<M>[];
  /**
   * Sample events. Events the machine accepts but that are not listed here are sent bare
   * (`{ type }`). Give a guarded event one passing and one failing payload; give invoke results
   * as `{ type: 'xstate.done.actor.<id>', output }` and `{ type: 'xstate.error.actor.<id>', error }`.
   */
  events?: Samples;
  /** Coarser state identity, so that machines with rich context stay finite. Default: value + context. */
  serializeState?: (snapshot: Snapshot) => string;
  /** Implementations for replay (side-effect actions, usually `vi.fn()`), as for `machine.provide`. */
  implementations?: {
    actions?: Record<string, unknown>;
    actors?: Record<string, unknown>;
    guards?: Record<string, unknown>;
    delays?: Record<string, unknown>;
  };
  /** Simple paths too (all acyclic paths to each state); off for machines where they explode. */
  simplePaths?: boolean;
  /**
   * Replay only the fewest paths that still cover every state and transition the generated ones
   * cover (`fewestCovering`), for a machine whose graph has thousands of paths; the coverage
   * test is unchanged.
   */
  fewestPaths?: boolean;
  /** Whether `event` can be sent in `snapshot` (e.g. the page shows its button); default: every accepted event. */
  offered?: (event: EventObject, snapshot: Snapshot) => boolean;
  /** Transitions no path can take, each with the reason (kept empty where possible). */
  unreachable?: Record<string, string>;
  /** Called after every replayed step with the actor's snapshot, the path's expected one, the event, and the snapshot before it. */
  check?: (actual: Snapshot, expected: Snapshot, event: EventObject, before: Snapshot) => void;
  /**
   * The expectation table: every state a person can see (its path of state names joined by dots,
   * e.g. `declining.sending`) with its tags. Written from the flow, not read from the machine: each
   * step of every path must be in a listed state with exactly its tags, and the paths together
   * must reach every listed state, so a state, tag or transition lost or added fails the suite.
   */
  states?: Record<string, string[]>;
  /**
   * What the person can do in each state (the events its page offers there, e.g. `retry` on a
   * failure), for the states listed; checked at every step, so a transition lost fails the suite
   * even when its target is still reached another way.
   */
  offers?: Record<string, string[]>;
  /** Checks the input an invoked actor was started with, when the path settles it (`id` is the invoke's id). */
  checkInput?: (id: string, input: unknown, snapshot: Snapshot) => void;
}

/**
 * `{ declining: 'sending' }` → `declining.sending`; the regions of a parallel state joined by
 * ` + ` (`{ code: 'editing', clock: 'running' }` → `code.editing + clock.running`).
 */
export function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([name, child]) => `${name}.${statePath(child)}`)
    .join(' + ');
}

function expectOffered(offers: Record<string, string[]> | undefined, snapshot: Snapshot) {
  const state = statePath(snapshot.value);
  if (!offers || !(state in offers)) return;
  const offered = eventTypesOf(snapshot).filter((type) => !type.startsWith('xstate.'));
  expect([...offered].sort(), `what ${state} offers`).toEqual([...offers[state]!].sort());
}

function expectListed(states: Record<string, string[]> | undefined, snapshot: Snapshot) {
  if (!states) return;
  const state = statePath(snapshot.value);
  expect(Object.keys(states), `${state} is in the expectation table`).toContain(state);
  expect([...snapshot.tags].sort(), `tags of ${state}`).toEqual([...states[state]!].sort());
}

const defaultSerialize = (snapshot: Snapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

function describePath(path: StatePath<Snapshot, EventObject>): string {
  const events = path.steps.slice(1).map((step) => step.event.type.replace(/^xstate\./, ''));
  return events.length ? events.join(' → ') : '(initial state)';
}

/**
 * Every shortest path to each state, one path per edge of the explored graph (the shortest
 * path to its source, then that edge), and optionally every simple path.
 */
export function pathsOf<M extends AnyStateMachine>(options: GraphSuiteOptions<M>, input: unknown) {
  const samples = options.events ?? [];
  const serializeState = options.serializeState ?? defaultSerialize;
  // As @xstate/graph does by default: every event the state accepts, with our payloads where given.
  const events = (snapshot: Snapshot) => {
    const given: EventObject[] = typeof samples === 'function' ? samples(snapshot) : samples;
    const accepted = eventTypesOf(snapshot).flatMap((type) => {
      const matching = given.filter((event) => event.type === type);
      return matching.length ? matching : [{ type }];
    });
    return options.offered
      ? accepted.filter((event) => options.offered!(event, snapshot))
      : accepted;
  };
  const traversal = { input, events, serializeState };
  const shortest = getShortestPaths(options.machine, traversal as never) as StatePath<
    Snapshot,
    EventObject
  >[];
  const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const adjacency = getAdjacencyMap<Snapshot, EventObject, unknown>(
    options.machine as never,
    traversal as never,
  );
  const edges = Object.values(adjacency).flatMap(
    ({ state, transitions }): StatePath<Snapshot, EventObject>[] => {
      const head = toState.get(serializeState(state));
      if (!head) return [];
      return Object.values(
        transitions as Record<string, { event: EventObject; state: Snapshot }>,
      ).map(({ event, state: next }) => ({
        state: next,
        steps: [...head.steps, { event, state: next }],
        weight: head.weight + 1,
      }));
    },
  );
  const simple = options.simplePaths
    ? (getSimplePaths(options.machine, traversal as never) as StatePath<Snapshot, EventObject>[])
    : [];
  const seen = new Set<string>();
  return [...shortest, ...edges, ...simple].filter((path) => {
    const key = JSON.stringify(path.steps.map((step) => step.event));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Coverage: which state nodes and transitions the generated paths pass through.

const transitionName = (t: AnyTransitionDefinition, index: number) =>
  `${t.source.id} --${t.eventType || 'always'}${t.guard ? ` [${guardName(t.guard)}]` : ''}--> ${
    t.target?.map((target: { id: string }) => target.id).join(',') ?? '(stay)'
  }#${index}`;

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline';
}

function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  // The root's own transitions too (events handled whatever the state, e.g. a filter's change).
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

const activeIds = (snapshot: Snapshot): Set<string> =>
  new Set((snapshot as unknown as { _nodes: { id: string }[] })._nodes.map((node) => node.id));

/** Evaluates a transition's guard where it is a named or inline function; undefined when unknown. */
function guardPasses(
  machine: AnyStateMachine,
  t: AnyTransitionDefinition,
  snapshot: Snapshot,
  event: EventObject,
) {
  const guard = t.guard as unknown;
  if (!guard) return true;
  const args = { context: snapshot.context, event };
  if (typeof guard === 'function') return Boolean(guard(args, undefined));
  const type = typeof guard === 'string' ? guard : (guard as { type?: string }).type;
  const given = typeof guard === 'object' ? (guard as { params?: unknown }).params : undefined;
  // Dynamic params (a function of context and event) are resolved as XState does.
  const params = typeof given === 'function' ? given(args) : given;
  const implementation = type
    ? (machine.implementations.guards as Record<string, unknown>)[type]
    : undefined;
  return typeof implementation === 'function' ? Boolean(implementation(args, params)) : undefined;
}

/** The transition taken between two microsteps: the first candidate whose guard passes and whose target is now active. */
function takenTransition(
  machine: AnyStateMachine,
  before: Snapshot,
  after: Snapshot,
  event: EventObject,
  eventless: boolean,
): AnyTransitionDefinition | undefined {
  const active = activeIds(after);
  return getNextTransitions(before)
    .filter((t) => (eventless ? t.eventType === '' : t.eventType === event.type))
    .find((t) => {
      if (guardPasses(machine, t, before, event) === false) return false;
      return t.target?.length
        ? t.target.every((target: { id: string }) => active.has(target.id))
        : active.has(t.source.id);
    });
}

export function coverageOf(
  machine: AnyStateMachine,
  paths: StatePath<Snapshot, EventObject>[],
  input?: unknown,
) {
  const states = new Set<string>();
  const taken = new Set<AnyTransitionDefinition>();
  /** `event` is taken by the first microstep; the rest are eventless (`always`). Null: all eventless. */
  const visitMicrosteps = (
    start: Snapshot,
    microsteps: [Snapshot, unknown][],
    event: EventObject | null,
  ) => {
    let before = start;
    microsteps.forEach(([after], index) => {
      const t = takenTransition(
        machine,
        before,
        after,
        event ?? { type: '' },
        event === null || index > 0,
      );
      if (t) taken.add(t);
      activeIds(after).forEach((id) => states.add(id));
      before = after;
    });
  };
  const initial = getInitialMicrosteps(machine, input as never) as [Snapshot, unknown][];
  initial.forEach(([snapshot]) => activeIds(snapshot).forEach((id) => states.add(id)));
  if (initial.length > 1) visitMicrosteps(initial[0]![0], initial.slice(1), null);
  for (const path of paths) {
    path.steps.slice(1).forEach((step, index) => {
      const before = path.steps[index]!.state;
      visitMicrosteps(
        before,
        getMicrosteps(machine, before as never, step.event as never) as [Snapshot, unknown][],
        step.event,
      );
    });
  }
  const allStates = getStateNodes(machine.root).map((node) => node.id);
  // Each transition is named with its index among all the machine's, whichever paths took it.
  const named = allTransitions(machine).map((t, index) => ({ t, name: transitionName(t, index) }));
  return {
    states: {
      covered: allStates.filter((id) => states.has(id)),
      missed: allStates.filter((id) => !states.has(id)),
    },
    transitions: {
      covered: named.filter(({ t }) => taken.has(t)).map(({ name }) => name),
      missed: named.filter(({ t }) => !taken.has(t)).map(({ name }) => name),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Replay on a real actor.

function invokedIds(machine: AnyStateMachine): Map<string, string> {
  const ids = new Map<string, string>();
  for (const node of getStateNodes(machine.root)) {
    for (const invoke of node.invoke) {
      if (typeof invoke.src === 'string') ids.set(invoke.id, invoke.src);
    }
  }
  return ids;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function delayOf(machine: AnyStateMachine, eventType: string, snapshot: Snapshot): number {
  const key = eventType.split('.')[2]!;
  const delay = (machine.implementations.delays as Record<string, unknown>)[key] ?? Number(key);
  const value =
    typeof delay === 'function'
      ? delay({ context: snapshot.context, event: { type: eventType } }, undefined)
      : delay;
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new Error(`Unknown delay ${key} in ${eventType}`);
  return value;
}

export async function replay<M extends AnyStateMachine>(
  options: GraphSuiteOptions<M>,
  path: StatePath<Snapshot, EventObject>,
  input: unknown,
) {
  const pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }
  >();
  const stubs = Object.fromEntries(
    [...new Set(invokedIds(options.machine).values())].map((src) => [
      src,
      fromPromise(
        ({ self, input: given }) =>
          new Promise((resolve, reject) => pending.set(self.id, { resolve, reject, input: given })),
      ),
    ]),
  );
  const provided = options.implementations ?? {};
  const machine = options.machine.provide({
    ...provided,
    actors: { ...stubs, ...provided.actors },
  } as never) as AnyStateMachine;
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock } as never);
  const serialize = options.serializeState ?? defaultSerialize;
  actor.start();
  await settle();
  expect(serialize(actor.getSnapshot())).toBe(serialize(path.steps[0]!.state));
  expectListed(options.states, actor.getSnapshot());
  expectOffered(options.offers, actor.getSnapshot());

  for (const step of path.steps.slice(1)) {
    const { event } = step;
    const before = actor.getSnapshot();
    if (event.type.startsWith('xstate.done.actor.')) {
      const id = event.type.slice('xstate.done.actor.'.length);
      expect(pending.has(id), `actor ${id} should be running`).toBe(true);
      options.checkInput?.(id, pending.get(id)!.input, before);
      pending.get(id)!.resolve((event as { output?: unknown }).output);
      pending.delete(id);
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const id = event.type.slice('xstate.error.actor.'.length);
      expect(pending.has(id), `actor ${id} should be running`).toBe(true);
      options.checkInput?.(id, pending.get(id)!.input, before);
      pending.get(id)!.reject((event as { error?: unknown }).error);
      pending.delete(id);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(machine, event.type, before));
    } else {
      actor.send(event as never);
    }
    await settle();
    const actual = actor.getSnapshot();
    expect(serialize(actual), `after ${event.type}`).toBe(serialize(step.state));
    expectListed(options.states, actual);
    expectOffered(options.offers, actual);
    options.check?.(actual, step.state, event, before);
  }
  actor.stop();
}

/**
 * The fewest paths that cover what all of `paths` cover: only paths that no other one continues,
 * then greedily the one that covers the most states and transitions not yet covered (the shortest
 * among equals), then without any chosen path whose every state and transition the others cover
 * too, the longest first. `covers` names what a path covers (states and transitions).
 */
export function fewestCovering<P extends { steps: { event: EventObject }[] }>(
  paths: P[],
  covers: (path: P) => string[],
  /** Where a path starts (its input): a path continues only another from the same start. */
  startOf: (path: P) => unknown = () => null,
): P[] {
  const starts = new Map<unknown, number>();
  const keyOf = (path: P, length = path.steps.length - 1) => {
    if (!starts.has(startOf(path))) starts.set(startOf(path), starts.size);
    const events = path.steps.slice(1, length + 1).map((step) => JSON.stringify(step.event));
    return `${starts.get(startOf(path))}|${events.join('\n')}`;
  };
  const prefixes = new Set(
    paths.flatMap((path) =>
      Array.from({ length: path.steps.length - 1 }, (_, length) => keyOf(path, length)),
    ),
  );
  const longest = paths.filter((path) => !prefixes.has(keyOf(path)));
  const named = new Map(longest.map((path) => [path, covers(path)]));
  const covered = new Set<string>();
  const chosen: P[] = [];
  const remaining = [...longest];
  for (;;) {
    const gains = remaining.map((path) => named.get(path)!.filter((n) => !covered.has(n)).length);
    const most = Math.max(0, ...gains);
    if (most === 0) break;
    const best = remaining
      .filter((_, index) => gains[index] === most)
      .reduce((a, b) => (b.steps.length < a.steps.length ? b : a));
    chosen.push(best);
    named.get(best)!.forEach((n) => covered.add(n));
    remaining.splice(remaining.indexOf(best), 1);
  }
  const kept = [...chosen];
  for (const path of [...chosen].sort((a, b) => b.steps.length - a.steps.length)) {
    const others = new Set(kept.filter((other) => other !== path).flatMap((o) => named.get(o)!));
    if (named.get(path)!.every((n) => others.has(n))) kept.splice(kept.indexOf(path), 1);
  }
  return kept;
}

/** The generated paths of each input, or the fewest of them that cover the same (`fewestPaths`). */
function runsOf<M extends AnyStateMachine>(options: GraphSuiteOptions<M>) {
  const inputs: unknown[] = options.inputs ?? [options.input];
  const runs = inputs.map((input) => ({ input, paths: pathsOf(options, input) }));
  if (!options.fewestPaths) return runs;
  const all = runs.flatMap(({ input, paths }) => paths.map((path) => ({ input, path })));
  // What a path covers is what its steps cover: each step (a state and an event) is looked at once.
  const serialize = options.serializeState ?? defaultSerialize;
  const steps = new Map<string, string[]>();
  const covers = ({ input, path }: (typeof all)[number]) =>
    path.steps.slice(1).flatMap((step, index) => {
      const before = path.steps[index]!.state;
      const key = `${inputs.indexOf(input)}|${serialize(before)}|${JSON.stringify(step.event)}`;
      if (!steps.has(key)) {
        const one = { state: step.state, steps: [{ event: step.event, state: before }, step] };
        const { states, transitions } = coverageOf(options.machine, [one as never], input);
        steps.set(key, [...states.covered, ...transitions.covered]);
      }
      return steps.get(key)!;
    });
  const chosen = fewestCovering(
    all.map((each) => ({ ...each, steps: each.path.steps })),
    covers,
    (each) => each.input,
  );
  return runs.map(({ input }) => ({
    input,
    paths: chosen.filter((each) => each.input === input).map(({ path }) => path),
  }));
}

/** Declares the generated suite: one test per path, and one for coverage. */
export function graphSuite<M extends AnyStateMachine>(name: string, options: GraphSuiteOptions<M>) {
  const runs = runsOf(options);
  describe(`${name} (generated from its graph)`, () => {
    runs.forEach(({ input, paths }, run) => {
      for (const path of paths) {
        const label =
          runs.length > 1 ? `input ${run + 1}: ${describePath(path)}` : describePath(path);
        it(label, () => replay(options, path, input));
      }
    });
    it('declares every call it invokes and every effect its page provides', async () => {
      const { actors, actions } = options.machine.implementations;
      for (const src of new Set(invokedIds(options.machine).values())) {
        const logic = actors[src] as AnyActorLogic | undefined;
        expect(logic, `the call ${src} is declared`).toBeDefined();
        if (logic && 'root' in logic) continue; // a child machine (e.g. the receiver list), not a call
        // Run without the page's call, it fails loudly and names the call.
        const actor = createActor(logic!, { input: undefined } as never);
        actor.subscribe({ error: () => {} });
        actor.start();
        await settle();
        expect(actor.getSnapshot().status, `${src} run without the page`).toBe('error');
        expect(String(actor.getSnapshot().error)).toContain(`${src} is provided by the view`);
      }
      for (const name of Object.keys(options.implementations?.actions ?? {}))
        expect(Object.keys(actions), 'the effects the page provides').toContain(name);
    });
    it('covers every state and transition', () => {
      const coverages = runs.map(({ input, paths }) => coverageOf(options.machine, paths, input));
      const statesMissed = coverages
        .map((c) => c.states.missed)
        .reduce((a, b) => a.filter((id) => b.includes(id)));
      const transitionsMissed = coverages
        .map((c) => c.transitions.missed)
        .reduce((a, b) => a.filter((t) => b.includes(t)))
        .filter((t) => !(t in (options.unreachable ?? {})));
      const first = coverages[0]!;
      const stateCount = first.states.covered.length + first.states.missed.length;
      const transitionCount = first.transitions.covered.length + first.transitions.missed.length;
      console.info(
        `graph coverage ${name}: ${runs.reduce((n, r) => n + r.paths.length, 0)} paths; states ${
          stateCount - statesMissed.length
        }/${stateCount}; transitions ${transitionCount - transitionsMissed.length}/${transitionCount}`,
      );
      expect(statesMissed).toEqual([]);
      expect(transitionsMissed).toEqual([]);
      // A sample no path takes (a renamed call or event) would leave its checks unrun.
      if (Array.isArray(options.events)) {
        const taken = new Set(
          runs.flatMap(({ paths }) =>
            paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))),
          ),
        );
        const untaken = options.events.filter((sample) => !taken.has(JSON.stringify(sample)));
        expect(untaken, 'sample events no path takes').toEqual([]);
      }
      if (options.states) {
        const reached = new Set(
          runs.flatMap(({ paths }) =>
            paths.flatMap((path) => path.steps.map((step) => statePath(step.state.value))),
          ),
        );
        expect([...reached].sort(), 'the states the paths reach').toEqual(
          Object.keys(options.states).sort(),
        );
      }
    }, 60_000); // thousands of paths take seconds to walk again, more on a loaded machine
  });
  return runs.flatMap((r) => r.paths);
}

/** Deterministic Idempotency-Keys for the form machines' `newSubmissionKey`: key-1, key-2, … */
export function submissionKeys(): () => string {
  let count = 0;
  return () => `key-${++count}`;
}

/**
 * The two ways a keyed submission fails: refused (a 4xx, so the next press makes a new
 * Idempotency-Key) and unanswered (a timeout or network error, so the same key goes again).
 */
export const refusedSubmit = {
  type: 'xstate.error.actor.submit',
  error: new ApiError(['The given data was invalid.'], {}, 422),
};
export const unansweredSubmit = { type: 'xstate.error.actor.submit', error: networkFailure() };

/**
 * Side-effect actions that record what each step did, in order, with their params (null when an
 * action takes none): pass `actions` as the suite's implementations, and `take()` in `check`
 * returns the step's effects and forgets them.
 */
export function recordEffects(names: readonly string[]) {
  const done: [string, unknown][] = [];
  const actions = Object.fromEntries(
    names.map((name) => [name, (_: unknown, params: unknown) => done.push([name, params ?? null])]),
  );
  return { actions, take: () => done.splice(0) };
}
