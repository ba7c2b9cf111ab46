import type { RunnerTask, RunnerTestFile } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

const hasFailedTest = (task: RunnerTask): boolean =>
  task.type === 'test' ? task.result?.state === 'fail' : (task.tasks ?? []).some(hasFailedTest);

/**
 * For `npm run test:mutation` (vitest.mutation.config.ts): a test file that no longer loads, or
 * whose generated suite cannot be built from the mutated machine, counts as one failed test.
 * Stryker's vitest runner reads only the tests a file collected, so such a file would report no
 * failure and the mutant would "survive", although `npm test` fails on it.
 */
export class FailedLoadsAsTests implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || hasFailedTest(file)) continue;
      file.tasks.push({
        type: 'test',
        id: `${file.id}_loads`,
        name: 'loads and builds its suite',
        fullName: `${file.name} loads and builds its suite`,
        mode: 'run',
        file,
        suite: file,
        meta: {},
        context: undefined as never,
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: 'fail', errors: file.result.errors ?? [] },
      } as unknown as RunnerTestFile['tasks'][number]);
    }
  }
}
