// Mutation testing with StrykerJS (docs/performance.md, "Mutation testing"): `npm run mutate` runs it
// over the folders where a silent change costs most, one folder after another; `npm run mutate -- src/sync`
// runs one folder, `npm run mutate -- src/sync/outbox-frame.ts` one file of it (the folder's tests, the
// folder's incremental file: the other files' results in it are kept). Not in CI: a folder takes from
// minutes to hours on two cores.
//
// Why these versions (package.json): the project runs on Node 20 and mocha 12. @stryker-mutator/core 10
// needs Node >= 22, so this is core 9.6.1, the last for Node 20, with its mocha runner 9.6.1. That runner
// declares mocha "< 12", but it only drives mocha's programmatic interface (new Mocha, loadFilesAsync, run),
// which mocha 12 keeps; package.json's `overrides` tells npm that the runner's mocha is the project's
// ($mocha), so `npm ci` installs without a peer conflict. The mocha runner runs each mutant in a
// long-lived process and, with per-test coverage, only the tests that reach the mutant: many times
// faster than the command runner, which would run a whole test command per mutant. tsx gives that
// process TypeScript (`--import tsx`, as .mocharc.json does for mocha's own command).
//
// No type checker: @stryker-mutator/typescript-checker drives TypeScript's compiler interface
// (`import ts from 'typescript'`), which TypeScript 7 (the native compiler, node_modules/typescript) no
// longer has: its package exports only its version. So a mutant that would not compile still runs
// (tsx strips types without checking them) and is counted killed or survived like any other; the ones
// that matter are looked at by hand (docs/performance.md).
//
// Incremental: each folder's results are kept in reports/mutation/<folder>.json, in the repository, so a
// run on a fresh clone re-tests only the mutants whose code or tests changed since the figures in
// docs/performance.md were measured, and anyone can see which mutants those figures count as survived.
// `npm run mutate -- --force src/sync` re-tests every mutant of the folder.
import './mutate-require-cjs.cjs';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

const REQUIRE_CJS = fileURLToPath(new URL('mutate-require-cjs.cjs', import.meta.url));

interface Folder {
  /** The folder mutated, as the command line names it. */
  folder: string;
  /** The test files that exercise it, and only those: each mutant runs the ones among them that reach it. */
  spec: string[];
  /** Which of their tests run (mocha's --grep), where not all. */
  grep?: string;
  /** Test files the spec names but that are left out (mocha's --ignore). */
  ignore?: string[];
  /** Files of the folder that only other tests reach, and those tests: a run that mutates any of these
   *  files (the whole folder's included) runs `spec` and `also.spec`, under `also.grep`. */
  also?: { files: string[]; spec: string[]; grep: string };
}

// The tournament interface's tests over HTTP with the server in the test's process, on SQLite only (the
// same tests on PostgreSQL run the same code at twice the cost). Left out: the tests of whole days (caps,
// login-bound, swiss-day, systems-day, table-day), which run `carrom serve`, the built bundle, in
// processes of their own, where no mutant is; and organisers, whose tests run `carrom serve`'s organiser
// commands in processes of their own as well (one of them, on a terminal, failed in Stryker's first run
// in its sandbox, which stops the whole run).
const TOURNAMENT_HTTP_SPEC = ['assignment', 'auth', 'bracket', 'entrants-and-log', 'live-fields', 'passwords', 'result-rules', 'round-refusals', 'rounds', 'signed-ask', 'tournaments'].map((f) => `test/server/tournament-http/${f}.test.ts`);
const NOT_POSTGRES = '^(?!.*\\bpostgres\\b)';
const NOT_SQLITE = '^(?!.*\\bsqlite\\b)';

const SENSING_SLOW = ['men-trains', 'fuzz', 'throat-trace', 'accuracy', 'e2e', 'first-rattle', 'independent'];

export const FOLDERS: Folder[] = [
  // app-sync.test.ts last: its whole matches with power cuts reach nearly every mutant of the folder and
  // take seconds a test, and mocha runs the files in this order, so a mutant a quick test kills dies
  // before them (the same tests run either way; a survivor runs them all).
  { folder: 'src/sync', spec: ['test/sync/a[!p]*.test.ts', 'test/sync/[!a]*.test.ts', 'test/sync/outbox/*.test.ts', 'test/sync/app-sync.test.ts'] },
  // The quick files first (together 3 s on a loaded machine, lower-blind's 3 included), then the whole
  // traces and matches (test/sensing/traces/), quickest first (men-trains 6, fuzz 16, throat-trace 19,
  // accuracy 21, e2e 31, first-rattle 113, independent 199): a mutant dies at the first test that fails, and a static
  // one runs every test until then (the same tests run either way; a survivor runs them all).
  { folder: 'src/sensing', spec: ['test/sensing/*.test.ts', 'test/sensing/traces/hand-traces.test.ts', ...SENSING_SLOW.map((f) => `test/sensing/traces/${f}.test.ts`)] },
  // Not walk.test.ts: it steps through the engine under the inspector in a process of its own (where no
  // mutant is), for minutes, before its first test.
  { folder: 'src/rules', spec: ['test/rules/*.test.ts'], ignore: ['test/rules/walk.test.ts'] },
  // The core's own tests; and, for its attach.ts (a table's records to their match), stored.ts, draws.ts
  // and draw-thread.ts, which only the server runs, the HTTP tests as well, when a run mutates any of them
  // (`npm run mutate -- server/tournament/attach.ts`, or the whole folder); a run of the core's other
  // files runs its own tests only, in minutes. Those HTTP tests run on PostgreSQL, not SQLite: on a SQLite
  // file the records are written, and attached (attach.ts), by the store's writer thread
  // (server/store/sqlite-writer.ts), and a thread has globals of its own, where Stryker neither sees the
  // coverage nor sets the active mutant; on PostgreSQL they are written in the test's thread (the tests
  // start a throw-away cluster unless CARROM_TEST_PG names one). draw-thread.ts always runs in a thread:
  // its mutants count as no cov (a known gap, docs/performance.md); the draw it runs (draw.ts) is measured
  // by the core's tests, which draw in the test's thread.
  {
    folder: 'server/tournament',
    spec: ['test/server/tournament/*.test.ts'],
    also: { files: ['attach', 'stored', 'draws', 'draw-thread'].map((f) => `server/tournament/${f}.ts`), spec: TOURNAMENT_HTTP_SPEC, grep: NOT_SQLITE },
  },
  { folder: 'server/tournament-http', spec: TOURNAMENT_HTTP_SPEC, grep: NOT_POSTGRES },
];

/** Stryker's options for `folder`, or for the files `only` of it. */
export function options(folder: Folder, only: string[], force: boolean): PartialStrykerOptions {
  const name = folder.folder.replace(/\//g, '-');
  const also = folder.also && (only.length === 0 || only.some((f) => folder.also!.files.includes(f))) ? folder.also : undefined;
  const spec = also ? [...folder.spec, ...also.spec] : folder.spec;
  const grep = also ? also.grep : folder.grep;
  return {
    testRunner: 'mocha',
    plugins: ['@stryker-mutator/mocha-runner'],
    mochaOptions: { spec, ...(grep ? { grep } : {}), ...(folder.ignore ? { ignore: folder.ignore } : {}), 'no-config': true, 'no-package': true, 'no-opts': true },
    testRunnerNodeArgs: ['--require', REQUIRE_CJS, '--import', 'tsx'],
    checkerNodeArgs: ['--require', REQUIRE_CJS],
    // Stryker would rewrite tsconfig.json's paths for its sandbox with TypeScript's compiler interface,
    // which TypeScript 7 does not have (see above); this project's tsconfig files point nowhere outside
    // the sandbox, so there is nothing to rewrite: a name that is no file turns that step off.
    tsconfigFile: 'no-tsconfig-to-rewrite.json',
    coverageAnalysis: 'perTest',
    mutate: only.length ? only : [`${folder.folder}/**/*.ts`],
    checkers: [],
    // Stryker would put `// @ts-nocheck` at the top of the sandbox's JavaScript and TypeScript files, for
    // a runner that type-checks: tsx does not. It would also change dist/club.js, which the server checks
    // against the SHA-256 its build wrote (server/pages/script.ts), so every test over HTTP failed.
    disableTypeChecks: false,
    // Two cores shared with other work: one test process.
    concurrency: 1,
    incremental: true,
    force,
    incrementalFile: `reports/mutation/${name}.json`,
    reporters: ['clear-text', 'progress', 'html'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    // The slow tests (loopback servers) take seconds: a mutant that makes one hang is timed out at that.
    timeoutMS: 20_000,
    // The first run of every test, which finds which tests reach which mutant, takes minutes for the
    // folders tested over HTTP on a busy machine.
    dryRunTimeoutMinutes: 30,
    timeoutFactor: 2,
    // The mocha runner keeps its process; a fresh one now and then keeps memory in hand.
    maxTestRunnerReuse: 200,
  };
}

async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const paths = args.filter((a) => a !== '--force').map((a) => a.replace(/\/+$/, ''));
  const runs: { folder: Folder; only: string[] }[] = [];
  for (const path of paths) {
    const folder = FOLDERS.find((f) => path === f.folder || path.startsWith(`${f.folder}/`));
    if (!folder) throw new Error(`npm run mutate: ${path} is in none of the folders measured (${FOLDERS.map((f) => f.folder).join(', ')})`);
    let run = runs.find((r) => r.folder === folder);
    if (!run) runs.push((run = { folder, only: [] }));
    if (path !== folder.folder) run.only.push(path);
  }
  for (const run of runs.length ? runs : FOLDERS.map((folder) => ({ folder, only: [] }))) {
    console.log(`\nnpm run mutate: ${run.only.length ? run.only.join(', ') : run.folder.folder}`);
    await new Stryker(options(run.folder, run.only, force)).runMutationTest();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
