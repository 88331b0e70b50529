/**
 * `npm test`: every check, in order, stopping at the first failure.
 *   lint -> typecheck -> unit + machine paths -> API on PGlite -> API on PostgreSQL (when
 *   TEST_DATABASE_URL is set) -> end-to-end in Chromium.
 * Ends with a summary and the line `N passed, N failed` (test cases across the vitest runs, read
 * from vitest's JSON reports in test-results/).
 *
 *   npm test                  everything
 *   npm test -- server e2e    only the named steps (lint, typecheck, unit, server, postgres, e2e)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'test-results');
const BIN = join(ROOT, 'node_modules/.bin');

type Step = {
  id: string;
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The vitest JSON report this step writes. */
  report?: string;
  skipReason?: string;
};

type Outcome = {
  step: Step;
  status: 'passed' | 'failed' | 'skipped' | 'not run';
  seconds: number;
  passed: number;
  failed: number;
};

function vitest(id: string, title: string, args: string[], env?: Record<string, string>): Step {
  const report = join(RESULTS, `${id}.json`);
  return {
    id,
    title,
    command: join(BIN, 'vitest'),
    args: ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    report,
  };
}

function steps(): Step[] {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const postgres = vitest('postgres', 'API on PostgreSQL', ['--project', 'server'], {
    TEST_DB: 'postgres',
  });
  if (!postgresUrl) postgres.skipReason = 'TEST_DATABASE_URL is not set';
  return [
    {
      id: 'lint',
      title: 'Lint (ESLint, Prettier)',
      command: 'npm',
      args: ['run', '--silent', 'lint'],
    },
    { id: 'typecheck', title: 'Typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    vitest('unit', 'Unit and machine paths', ['--project', 'web', '--project', 'model']),
    vitest('server', 'API on PGlite', ['--project', 'server'], { TEST_DB: 'pglite' }),
    postgres,
    vitest('e2e', 'End-to-end (Chromium)', ['--config', 'vitest.e2e.config.ts']),
  ];
}

function run(step: Step): Promise<number> {
  return new Promise((resolveRun) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...step.env },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      console.error(error.message);
      resolveRun(1);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolveRun(code ?? (signal ? 1 : 0));
    });
  });
}

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: Array<{
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: Array<{
      status?: string;
      fullName?: string;
      failureMessages?: string[];
    }>;
  }>;
};

const FAILURES_SHOWN = 5;
const LINES_PER_FAILURE = 20;
// Terminal colour codes: an escape, a bracket, digits and semicolons, then `m`.
const ANSI_COLOUR = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/**
 * The failed tests of a report with the first lines of each error, so the end of a long log
 * (all a CI page may show) still says what broke and why.
 */
function failureDigest(report: string | undefined): string[] {
  if (!report || !existsSync(report)) return [];
  let json: VitestReport;
  try {
    json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  } catch {
    return [];
  }
  const failures: Array<{ title: string; message: string }> = [];
  for (const file of json.testResults ?? []) {
    const where = (file.name ?? '').replace(`${ROOT}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push({
        title: `${where} > ${test.fullName ?? ''}`,
        message: (test.failureMessages ?? []).join('\n'),
      });
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push({ title: where, message: file.message ?? '' });
    }
  }
  const lines: string[] = [];
  for (const failure of failures.slice(0, FAILURES_SHOWN)) {
    lines.push(`  ✗ ${failure.title}`);
    // Stack frames inside dependencies say nothing about the project; the message, the call
    // log and the project's own frames do.
    const message = failure.message
      .replace(ANSI_COLOUR, '')
      .split('\n')
      .filter((line) => !line.includes('node_modules') && !line.includes('(<anonymous>)'));
    for (const line of message.slice(0, LINES_PER_FAILURE)) lines.push(`      ${line}`);
  }
  if (failures.length > FAILURES_SHOWN) {
    lines.push(`  … and ${failures.length - FAILURES_SHOWN} more failed tests`);
  }
  return lines;
}

function readCounts(report: string | undefined): { passed: number; failed: number } | undefined {
  if (!report || !existsSync(report)) return undefined;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    // A file that fails before its tests run (an import error, a failing hook) has no failed
    // test case; count it as one failure so the total never hides it.
    const brokenFiles = (json.testResults ?? []).filter(
      (file) =>
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
    return { passed: json.numPassedTests ?? 0, failed: (json.numFailedTests ?? 0) + brokenFiles };
  } catch {
    return undefined;
  }
}

async function main() {
  const wanted = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
  const all = steps();
  const unknown = [...wanted].filter((id) => !all.some((step) => step.id === id));
  if (unknown.length > 0) {
    console.error(
      `Unknown step(s): ${unknown.join(', ')}. Steps: ${all.map((s) => s.id).join(', ')}`,
    );
    process.exit(2);
  }
  const selected = wanted.size > 0 ? all.filter((step) => wanted.has(step.id)) : all;

  mkdirSync(RESULTS, { recursive: true });
  const outcomes: Outcome[] = [];
  let failed = false;
  const startedAll = Date.now();

  for (const step of selected) {
    if (failed) {
      outcomes.push({ step, status: 'not run', seconds: 0, passed: 0, failed: 0 });
      continue;
    }
    if (step.skipReason) {
      console.log(`\n━━ ${step.title}: skipped (${step.skipReason})`);
      outcomes.push({ step, status: 'skipped', seconds: 0, passed: 0, failed: 0 });
      continue;
    }
    console.log(`\n━━ ${step.title}`);
    if (step.report) rmSync(step.report, { force: true });
    const started = Date.now();
    const code = await run(step);
    const seconds = (Date.now() - started) / 1000;
    const counts = readCounts(step.report);
    const stepFailed = code !== 0 || (counts?.failed ?? 0) > 0;
    outcomes.push({
      step,
      status: stepFailed ? 'failed' : 'passed',
      seconds,
      passed: counts?.passed ?? 0,
      failed: counts?.failed ?? 0,
    });
    if (stepFailed) failed = true;
  }

  const total = outcomes.reduce(
    (sum, outcome) => ({
      passed: sum.passed + outcome.passed,
      failed: sum.failed + outcome.failed,
    }),
    { passed: 0, failed: 0 },
  );
  const mark = { passed: '✓', failed: '✗', skipped: '-', 'not run': '·' } as const;
  console.log('\n━━ Summary');
  for (const outcome of outcomes) {
    const time =
      outcome.status === 'passed' || outcome.status === 'failed'
        ? `${outcome.seconds.toFixed(1)} s`
        : '';
    const counts =
      outcome.step.report && (outcome.status === 'passed' || outcome.status === 'failed')
        ? `${outcome.passed} passed, ${outcome.failed} failed`
        : '';
    const note =
      outcome.status === 'skipped'
        ? `skipped: ${outcome.step.skipReason}`
        : outcome.status === 'not run'
          ? 'not run'
          : '';
    console.log(
      `  ${mark[outcome.status]} ${outcome.step.title.padEnd(26)} ${time.padStart(8)}  ${counts || note}`,
    );
  }
  const firstFailure = outcomes.find((outcome) => outcome.status === 'failed');
  const digest = failureDigest(firstFailure?.step.report);
  if (digest.length > 0) console.log(`\n━━ Failed tests\n${digest.join('\n')}`);
  console.log(
    firstFailure
      ? `\nFAILED at "${firstFailure.step.title}" (see its output above). Total ${((Date.now() - startedAll) / 1000).toFixed(0)} s.`
      : `\nAll checks passed in ${((Date.now() - startedAll) / 1000).toFixed(0)} s.`,
  );
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exit(firstFailure ? 1 : 0);
}

void main();
