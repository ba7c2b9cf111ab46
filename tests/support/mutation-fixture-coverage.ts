/**
 * Stryker's per-test coverage, taught that a test file's fixtures belong to its tests
 * (docs/testing.md, "Mutation scores"). Only the mutation runs load this file
 * (vitest.mutation.config.ts).
 *
 * Stryker links a mutant to the tests that ran its code, and reruns every test of the area for a
 * mutant whose code ran outside any test ("static"). An API test file starts its server, signs up
 * and books in `beforeAll`, outside any test, so nearly every mutant of the server modules was
 * static and each reran every API test of its area: hours an area. Code run in a file's hooks is
 * what each of that file's tests stands on, and Stryker reruns a test together with its file's
 * hooks, so here it counts as covered by every test of the file. Code run while the modules load
 * stays static.
 */
import { afterAll, beforeAll, beforeEach, inject, type TestContext } from 'vitest';

type Coverage = Record<string, number>;
interface StrykerNamespace {
  currentTestId?: string;
  mutantCoverage?: { static: Coverage; perTest: Record<string, Coverage> };
}

// Provided by Stryker's vitest runner (@stryker-mutator/vitest-runner, its stryker-setup.js).
const provided = (key: string) => inject(key as never) as unknown;

if (provided('mode') === 'dry-run') {
  const name = provided('globalNamespace') as string;
  const stryker = ((globalThis as Record<string, unknown>)[name] ??= {}) as StrykerNamespace;
  const fixtureId = `${import.meta.url}#fixtures of this file`;
  const testIds = new Set<string>();
  let inHooks = false;
  let currentTestId: string | undefined;

  // Stryker's setup sets the id around each test; between tests (in hooks) it reads the fixture's.
  Object.defineProperty(stryker, 'currentTestId', {
    configurable: true,
    get: () => currentTestId ?? (inHooks ? fixtureId : undefined),
    set: (id: string | undefined) => {
      currentTestId = id;
    },
  });

  beforeAll(() => {
    inHooks = true;
  });
  beforeEach((context: TestContext) => {
    testIds.add(strykerTestId(context.task));
  });
  afterAll(() => {
    // The file's own afterAll hooks (closing the server) have run: theirs is the last fixture code.
    inHooks = false;
    const coverage = stryker.mutantCoverage;
    const fixtures = coverage?.perTest[fixtureId];
    if (!coverage || !fixtures) return;
    delete coverage.perTest[fixtureId];
    for (const id of testIds) {
      const test = (coverage.perTest[id] ??= {});
      for (const [mutant, hits] of Object.entries(fixtures))
        test[mutant] = (test[mutant] ?? 0) + hits;
    }
  });
}

/** The id Stryker's setup gives a test: its file, then its suites' names and its own. */
function strykerTestId(task: TestContext['task']): string {
  const names = [task.name];
  for (let suite = task.suite; suite; suite = suite.suite) names.unshift(suite.name);
  return `${task.file.filepath}#${names.join(' ').trim()}`;
}
