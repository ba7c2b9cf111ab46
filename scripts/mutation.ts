/**
 * `npm run test:mutation [--incremental] [area…]`: StrykerJS over each mutation area
 * (scripts/mutation-areas.ts), one after another, then a table of scores. Not part of `npm test`:
 * a full run takes the time docs/testing.md ("Mutation scores") states. Reports land in
 * reports/mutation/<area>/ (HTML to read the survivors, JSON). MUTATION_CONCURRENCY sets the test
 * runners (default 2: the machine is shared).
 *
 * `--incremental` reuses the last run's results for mutants whose code and tests did not change.
 * It is off by default because Stryker compares the test files only: a generated suite's checks
 * live in helpers (tests/support/graph/graph.ts) and in tables its `it` blocks do not contain, so a
 * stronger check would keep old "survived" results (docs/testing.md, "Mutation scores").
 */
import { Stryker } from '@stryker-mutator/core';
import { mutationAreas, mutationArea, type MutationArea } from './mutation-areas';

type MutantResult = Awaited<ReturnType<Stryker['runMutationTest']>>[number];

const incremental = process.argv.includes('--incremental');
const requested = process.argv.slice(2).filter((argument) => argument !== '--incremental');
const areas = requested.length > 0 ? requested.map(mutationArea) : mutationAreas;
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 2);

interface AreaScore {
  area: MutationArea;
  mutants: number;
  killed: number;
  /** Of `killed`: the runs that hung or passed Stryker's hit limit (worth a look: a loaded machine causes some). */
  timedOut: number;
  survived: number;
  noCoverage: number;
  minutes: number;
}

/** Stryker's mutation score: detected (killed or timed out) over all that ran or had no test. */
const score = ({ killed, survived, noCoverage }: AreaScore) =>
  (100 * killed) / Math.max(1, killed + survived + noCoverage);

async function measure(area: MutationArea): Promise<AreaScore> {
  // vitest.mutation.config.ts reads the area; Stryker's runner processes inherit it.
  process.env.MUTATION_AREA = area.name;
  // API tests run on the embedded database: a scratch PostgreSQL per mutant run is slower.
  delete process.env.DATABASE_URL;
  const reports = `reports/mutation/${area.name}`;
  const started = Date.now();
  const results: MutantResult[] = await new Stryker({
    mutate: area.mutate,
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'vitest.mutation.config.ts', related: true },
    coverageAnalysis: 'perTest',
    concurrency,
    incremental,
    incrementalFile: `${reports}/incremental.json`,
    reporters: ['progress', 'clear-text', 'html', 'json'],
    htmlReporter: { fileName: `${reports}/index.html` },
    jsonReporter: { fileName: `${reports}/mutation.json` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    tempDirName: `.stryker-tmp/${area.name}`,
    cleanTempDir: true,
    ignorePatterns: [
      '/data',
      '/dist',
      '/docs',
      '/reports',
      '/coverage',
      '/tests/.artifacts',
      '/.stryker-tmp',
    ],
    thresholds: { high: area.goal, low: area.goal - 10, break: null },
    // A mutant whose tests take over three times as long as unmutated ones counts as hanging (killed).
    // The shared 2-core machine's load varies: a lower factor turned slow survivors into false kills.
    timeoutFactor: 3,
    timeoutMS: 10_000,
  }).runMutationTest();
  const count = (...statuses: MutantResult['status'][]) =>
    results.filter((result) => statuses.includes(result.status)).length;
  return {
    area,
    mutants: results.length,
    killed: count('Killed', 'Timeout'),
    timedOut: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    minutes: (Date.now() - started) / 60_000,
  };
}

const scores: AreaScore[] = [];
const failed: string[] = [];
for (const area of areas) {
  try {
    scores.push(await measure(area));
  } catch (error) {
    // One area's broken run (e.g. a failing test in its initial run) does not hide the others' scores.
    console.error(`Mutation area ${area.name} did not run:`, error);
    failed.push(area.name);
  }
}

const rows = scores.map((measured) => [
  measured.area.name,
  String(measured.mutants),
  String(measured.killed),
  String(measured.timedOut),
  String(measured.survived),
  String(measured.noCoverage),
  `${score(measured).toFixed(1)} %`,
  `${measured.area.goal} %`,
  `${measured.minutes.toFixed(1)} min`,
]);
const header = [
  'area',
  'mutants',
  'killed',
  'of which timed out',
  'survived',
  'no test',
  'score',
  'goal',
  'time',
];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(
  ['', line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'),
);
if (failed.length > 0) console.log(`Not measured (the run failed): ${failed.join(', ')}`);
process.exitCode =
  failed.length === 0 && scores.every((measured) => score(measured) >= measured.area.goal) ? 0 : 1;
