/**
 * `npm run build:server`: the API as one ES module, build/server/main.mjs, that plain node runs
 * with no TypeScript loader. Dependencies stay in node_modules (imported, not bundled); the
 * project's own modules are bundled. The files the server finds beside its code at run time are
 * copied next to the bundle: the SQL migrations and the CSV reader's worker. The output must stay
 * inside the repository, where node_modules is found from it.
 *
 * Starting from the bundle skips transpiling the server's imports on every start (about 3.5 s on a
 * 2-core machine), which is what a restarted replica waits on. See docs/decisions.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { build } from 'esbuild';

export const SERVER_BUILD_DIR = 'build/server';
export const SERVER_BUNDLE = join(SERVER_BUILD_DIR, 'main.mjs');

/** Files the server opens relative to its own module at run time, and where they go. */
const BESIDE_THE_BUNDLE: Array<[from: string, to: string]> = [
  ['server/src/db/migrations', 'migrations'],
  ['server/src/modules/jobs/csv-reader.worker.mjs', 'csv-reader.worker.mjs'],
];

export async function buildServer(outDir = SERVER_BUILD_DIR): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'main.mjs');
  await build({
    entryPoints: ['server/src/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const [from, to] of BESIDE_THE_BUNDLE) {
    cpSync(from, join(outDir, to), { recursive: true });
  }
  return outfile;
}

if (process.argv[1]?.endsWith('build-server.ts')) {
  const began = Date.now();
  const outfile = await buildServer();
  console.log(`Built ${outfile} in ${Date.now() - began} ms`);
}
