/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a production build, once,
 * at the strongest settings. The SPA server sends them as they are (@fastify/static preCompressed)
 * instead of compressing each response on the fly, which cost 40-90 ms per script on this
 * machine's first load (docs/decisions/0006-login-first-paint.md). A CDN would do the same.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;
/** Below this, compression saves less than the header costs. */
const MIN_BYTES = 1_024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

export async function precompressFolder(folder: string): Promise<number> {
  const files = await filesUnder(folder);
  let written = 0;
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    written += 1;
  }
  return written;
}

export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'bidwright:precompress',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        const web = environments.web;
        if (web) await precompressFolder(web.distPath);
      });
    },
  };
}
