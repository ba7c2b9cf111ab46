/**
 * View tests generated from a machine's graph: the paths of tests/support/graph/graph.ts (`pathsOf`)
 * are replayed through the rendered page. A driver turns each event into what a user does (click
 * the button, type in the labelled field) or what the server does; after every step a check
 * compares what the page shows with the state the path expects. The machine's own graph suite
 * checks the machine; this catches a page that renders or sends something else.
 *
 * Paths are chosen so the view tests stay fast (each is a rendered page and real calls): only
 * events the page offers, no path that another one continues, then (greedily) the paths that
 * cover the most transitions not yet covered, shortest first, up to `limit`; then any chosen path
 * whose transitions the others cover too is dropped, so the fewest paths that cover every
 * transition are replayed (`afterCoverage` adds more once all are covered, default none). A last
 * test fails unless the chosen paths cover every state and transition of the machine (minus
 * `unreachable`).
 */
import { getStateNodes, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  getInitialSnapshot,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
} from 'xstate';
import { coverageOf, pathsOf, type GraphSuiteOptions } from '../graph/graph';

export type GraphPath = StatePath<AnyMachineSnapshot, EventObject>;

export interface GraphViewOptions<M extends AnyStateMachine, Page> {
  machine: M;
  /** The input the page starts the machine with (e.g. its draft), as the graph's input. */
  input: InputFrom<M>;
  /** Several ways the page starts the machine (e.g. with or without a result carried over): paths and coverage are taken over all; `inputOf(path)` says a path's. */
  inputs?: InputFrom<M>[];
  /** Sample events, as for graphSuite; pick samples whose outcome the real server gives too. */
  events: GraphSuiteOptions<M>['events'];
  serializeState?: GraphSuiteOptions<M>['serializeState'];
  /** Whether the page offers `event` in `state` (a button, a field on this step); others are left out. */
  offered?: (event: EventObject, state: AnyMachineSnapshot) => boolean;
  /** At most this many paths (default 40): each is a rendered page and real calls. */
  limit?: number;
  /** Of those, at most this many once every transition is covered (default none: the fewest paths that cover them all). */
  afterCoverage?: number;
  /**
   * The machine's expectation table: what the page shows in each state a person can see, by the
   * state's id (every atomic and final state). `check` tests it; the suite fails when a state has
   * no entry, so a new state cannot go unseen.
   */
  shows?: Record<string, string>;
  /**
   * Transitions the page cannot take (named as in the coverage, without the `#index`), each with
   * the reason; a state only such transitions lead to is named by its id, with its reason too.
   */
  unreachable?: Record<string, string>;
  /** Renders the page for this path (the path says which answers the server must give). */
  open: (path: GraphPath) => Promise<Page>;
  /** Does what the user (or the server) does for `event`; `next` is the path's following event. */
  perform: (page: Page, event: EventObject, next: EventObject | undefined) => Promise<unknown>;
  /** Fails unless the page shows `expected`, the state the path reaches with `event`. */
  check: (page: Page, expected: AnyMachineSnapshot, event: EventObject) => Promise<unknown>;
  /** Called after each path, passed or failed (e.g. to let held calls go). */
  cleanup?: (page: Page) => Promise<unknown> | unknown;
}

const eventsOf = (path: GraphPath) => path.steps.slice(1).map((step) => step.event);

const inputs = new WeakMap<GraphPath, unknown>();
/** The input `path` starts from (one of `inputs`, or `input`). */
export const inputOf = (path: GraphPath) => inputs.get(path);

/** An event's type and its plain payload, e.g. `field.change(email=ada@example.com)`. */
function describeEvent({ type, ...payload }: EventObject) {
  const plain = Object.entries(payload).filter(([, value]) =>
    ['string', 'number', 'boolean'].includes(typeof value),
  );
  // A failed call by how it failed: its status, or none for a call that got no answer.
  const { error } = payload as { error?: { status?: unknown } };
  if (error && typeof error === 'object' && 'status' in error)
    plain.push(['status', error.status ?? 'no answer']);
  const name = type.replace(/^xstate\./, '');
  return plain.length
    ? `${name}(${plain.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ')})`
    : name;
}

export const describeGraphPath = (path: GraphPath) =>
  eventsOf(path).map(describeEvent).join(' → ') || '(initial state)';

/** `path`'s events are the start of `other`'s. */
function continues(other: GraphPath, path: GraphPath) {
  const [mine, theirs] = [eventsOf(path), eventsOf(other)];
  return (
    inputOf(other) === inputOf(path) &&
    theirs.length > mine.length &&
    mine.every((event, index) => JSON.stringify(event) === JSON.stringify(theirs[index]))
  );
}

/**
 * Greedy choice can leave a path whose every transition later paths cover too: drop those, the
 * longest first, while the rest still cover all that the chosen paths covered.
 */
function withoutRedundant(chosen: GraphPath[], covers: Map<GraphPath, string[]>): GraphPath[] {
  const kept = [...chosen];
  const byLength = [...chosen].sort((a, b) => b.steps.length - a.steps.length);
  for (const path of byLength) {
    const others = kept.filter((other) => other !== path);
    const coveredByOthers = new Set(others.flatMap((other) => covers.get(other)!));
    if (covers.get(path)!.every((t) => coveredByOthers.has(t))) kept.splice(kept.indexOf(path), 1);
  }
  return kept;
}

/** The paths a view test replays (see the file comment). */
function viewPathsOf<M extends AnyStateMachine>(
  options: GraphViewOptions<M, unknown>,
): GraphPath[] {
  const all = (options.inputs ?? [options.input]).flatMap((input) =>
    pathsOf(options, input).map((path) => {
      inputs.set(path, input);
      return path;
    }),
  );
  const longest = all.filter((path) => !all.some((other) => continues(other, path)));
  const covers = new Map(
    longest.map((path) => [
      path,
      coverageOf(options.machine, [path], inputOf(path)).transitions.covered,
    ]),
  );
  const chosen: GraphPath[] = [];
  const covered = new Set<string>();
  const remaining = [...longest];
  const limit = options.limit ?? 40;
  let extra = options.afterCoverage ?? 0;
  /** How many of `chosen` (its first ones) were chosen for transitions not yet covered. */
  let covering = 0;
  while (remaining.length && chosen.length < limit) {
    const gains = remaining.map((path) => covers.get(path)!.filter((t) => !covered.has(t)).length);
    const most = Math.max(...gains);
    if (most === 0 && extra-- <= 0) break;
    // The most new transitions, the shortest among equals; once all are covered, in pathsOf's order.
    const best =
      most > 0
        ? remaining
            .filter((_, index) => gains[index] === most)
            .reduce((a, b) => (b.steps.length < a.steps.length ? b : a))
        : remaining[0]!;
    chosen.push(best);
    if (most > 0) covering = chosen.length;
    covers.get(best)!.forEach((t) => covered.add(t));
    remaining.splice(remaining.indexOf(best), 1);
  }
  return [...withoutRedundant(chosen.slice(0, covering), covers), ...chosen.slice(covering)];
}

/** The coverage of `paths`, each from its own input, taken together. */
function coverageOverInputs<M extends AnyStateMachine>(
  options: GraphViewOptions<M, unknown>,
  paths: GraphPath[],
) {
  const each = (options.inputs ?? [options.input]).map((input) =>
    coverageOf(
      options.machine,
      paths.filter((path) => inputOf(path) === input),
      input,
    ),
  );
  const together = (part: 'states' | 'transitions') => {
    const covered = [...new Set(each.flatMap((coverage) => coverage[part].covered))];
    return {
      covered,
      missed: each[0]![part].missed.filter((name) =>
        each.every((coverage) => coverage[part].missed.includes(name)),
      ),
    };
  };
  return { states: together('states'), transitions: together('transitions') };
}

/** Replays one path through the page: opens it, then performs each event and checks the page. */
async function replayPath<M extends AnyStateMachine, Page>(
  options: GraphViewOptions<M, Page>,
  path: GraphPath,
) {
  const page = await options.open(path);
  try {
    // The path's own states are representatives of serializeState's classes: the machine
    // itself says what this very sequence of events leads to.
    let expected = getInitialSnapshot(
      options.machine,
      inputOf(path) as InputFrom<M>,
    ) as AnyMachineSnapshot;
    await options.check(page, expected, { type: 'xstate.init' });
    const events = eventsOf(path);
    for (const [index, event] of events.entries()) {
      await options.perform(page, event, events[index + 1]);
      expected = getNextSnapshot(
        options.machine,
        expected as never,
        event as never,
      ) as AnyMachineSnapshot;
      await options.check(page, expected, event);
    }
  } finally {
    await options.cleanup?.(page);
  }
}

/** Declares one test per chosen path, and one for their coverage. Returns the paths. */
export function graphViewSuite<M extends AnyStateMachine, Page>(
  name: string,
  options: GraphViewOptions<M, Page>,
) {
  const paths = viewPathsOf(options as GraphViewOptions<M, unknown>);
  describe(`${name} (graph paths through the page)`, () => {
    for (const path of paths) it(describeGraphPath(path), () => replayPath(options, path));
    if (options.shows) {
      it('says what the page shows in every state', () => {
        const seen = getStateNodes(options.machine.root)
          .filter((node) => node.type === 'atomic' || node.type === 'final')
          .map((node) => node.id);
        expect(seen.filter((id) => !(id in options.shows!))).toEqual([]);
        expect(Object.keys(options.shows!).filter((id) => !seen.includes(id))).toEqual([]);
      });
    }
    it('the replayed paths cover every state and transition', () => {
      const { states, transitions } = coverageOverInputs(
        options as GraphViewOptions<M, unknown>,
        paths,
      );
      console.info(
        `view graph coverage ${name}: ${paths.length} paths; states ${states.covered.length}/${states.covered.length + states.missed.length}; transitions ${
          transitions.covered.length
        }/${transitions.covered.length + transitions.missed.length}`,
      );
      expect(states.missed.filter((id) => !(id in (options.unreachable ?? {})))).toEqual([]);
      expect(
        transitions.missed.filter((t) => !(t.replace(/#\d+$/, '') in (options.unreachable ?? {}))),
      ).toEqual([]);
    });
  });
  return paths;
}
