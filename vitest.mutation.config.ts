/// <reference types="vitest/config" />
/**
 * The vitest config Stryker runs for one mutation area (scripts/mutation.ts sets MUTATION_AREA):
 * only that area's test files, each in the environment its folder uses in vite.config.ts.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mutationArea } from './scripts/mutation-areas.ts';
import { FailedLoadsAsTests } from './tests/support/mutation-reporter.ts';

const area = mutationArea(process.env.MUTATION_AREA ?? '');
const testsUnder = (folder: string) =>
  area.tests.filter((file) => file.startsWith(`tests/${folder}/`));

const projects = [
  // Instrumented code is slower: the generated suites' coverage check needs more than vitest's 5 s.
  { name: 'machines', include: testsUnder('machines'), environment: 'node', testTimeout: 60_000 },
  {
    name: 'ui',
    include: testsUnder('ui'),
    environment: 'jsdom',
    setupFiles: ['tests/support/view/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
  {
    name: 'api',
    include: testsUnder('api'),
    environment: 'node',
    // Code run in a file's beforeAll counts as covered by that file's tests, not as static.
    setupFiles: ['tests/support/mutation-fixture-coverage.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
].filter((project) => project.include.length > 0);

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: [new FailedLoadsAsTests()],
    projects: projects.map((test) => ({ extends: true, test })),
  },
});
