/**
 * Writes the SPA's security headers (the ones scripts/serve-spa.ts sends, CSP included) as nginx
 * `add_header` lines, so a static host serves dist/ with exactly the same policy. The CSP carries
 * the hashes of index.html's inline scripts, so it is written for one build and regenerated with it.
 *
 *   tsx scripts/spa-headers.ts --root dist --out security-headers.conf
 *
 * The origins the SPA calls come from the same PUBLIC_* variables the build reads: the API
 * (PUBLIC_API_URL) and, when set, the Auth emulator (PUBLIC_FIREBASE_AUTH_EMULATOR_HOST).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { createSpaServer } from './serve-spa.ts';

// What describes the response rather than the policy: left to the static host.
const NOT_POLICY = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

export function nginxHeaderLines(headers: Headers): string[] {
  const lines: string[] = [];
  headers.forEach((value, name) => {
    if (NOT_POLICY.has(name)) return;
    lines.push(`add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;`);
  });
  return lines.sort();
}

async function main() {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: 'dist' },
      out: { type: 'string', default: 'security-headers.conf' },
    },
  });
  const connect: string[] = [];
  const frames: string[] = [];
  const apiUrl = process.env.PUBLIC_API_URL?.trim();
  if (apiUrl) connect.push(new URL(apiUrl).origin);
  const emulator = process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (emulator) {
    connect.push(`http://${emulator}`);
    frames.push(`http://${emulator}`);
  }
  const server = await createSpaServer({
    root: values.root,
    host: '127.0.0.1',
    port: 0,
    connectOrigins: connect,
    frameOrigins: frames,
  });
  try {
    const response = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/`);
    await response.arrayBuffer();
    const lines = nginxHeaderLines(response.headers);
    writeFileSync(
      values.out,
      `# Written by scripts/spa-headers.ts for this build; do not edit.\n${lines.join('\n')}\n`,
    );
    console.log(`${lines.length} security headers written to ${values.out}`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
