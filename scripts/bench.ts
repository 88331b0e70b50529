/**
 * `npm run bench`: the performance benchmarks (never part of `npm test`). Runs every section in
 * scripts/bench/*.bench.ts (see scripts/bench/support.ts to add one), or only those named:
 *
 *   npm run bench                       all sections but the soak
 *   npm run bench -- soak               the 30-minute soak (BENCH_SOAK_MINUTES=5 for a short one)
 *   npm run bench -- login-route        one section
 *   npm run bench -- crm                a group: every section named crm-…
 *   BENCH_DURATION=5 npm run bench      shorter load cells (default 20 s)
 *   BENCH_DATABASE_URL=postgres://…     include PostgreSQL (TEST_DATABASE_URL works too)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { acquireRunLock } from '../tests/support/stack.ts';

import { createContext, type BenchSection } from './bench/support.ts';

const SECTIONS_DIR = join(import.meta.dirname, 'bench');

async function loadSections(): Promise<BenchSection[]> {
  const files = readdirSync(SECTIONS_DIR)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(SECTIONS_DIR, file)).href)) as {
      default?: BenchSection;
    };
    if (!module.default) throw new Error(`${file} has no default export (a BenchSection)`);
    sections.push(module.default);
  }
  return sections;
}

async function main() {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const all = await loadSections();
  // A name runs its section, or every section of its group: `crm` runs crm-sync, crm-board, ….
  const picks = (name: string, section: BenchSection) =>
    section.name === name || section.name.startsWith(`${name}-`);
  const unknown = wanted.filter((name) => !all.some((section) => picks(name, section)));
  if (unknown.length > 0) {
    console.error(
      `Unknown bench section(s): ${unknown.join(', ')}. Sections: ${all.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  const sections =
    wanted.length > 0
      ? all.filter((s) => wanted.some((name) => picks(name, s)))
      : all.filter((s) => !s.explicitOnly);

  // Bench runs own fixed ports, and two at once would measure each other: one at a time.
  const releaseLock = await acquireRunLock('bench', {
    onWait: (holder) => console.log(`Waiting for the bench run of process ${holder} to finish…`),
  });
  const workDir = mkdtempSync(join(tmpdir(), 'bidwright-bench-'));
  const { context, dispose } = createContext(workDir);
  const stop = () => {
    void dispose().finally(() => {
      rmSync(workDir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const failures: string[] = [];
  console.log(
    `Bidwright bench: ${sections.map((s) => s.name).join(', ')} (work folder ${workDir})`,
  );
  for (const section of sections) {
    const started = Date.now();
    console.log(`\n━━ ${section.name}: ${section.description}`);
    try {
      await section.run(context);
      console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`  ✗ ${section.name} failed: ${message}`);
      failures.push(section.name);
    }
  }
  await dispose();
  rmSync(workDir, { recursive: true, force: true });
  releaseLock();
  if (failures.length > 0) {
    console.error(`\nBench sections that failed: ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log('\nBench done.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
