import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import { precompressFolder } from './precompress-plugin.ts';
import { withoutLoginPreload, withPrerenderedRoot } from './prerender-plugin.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('precompressFolder', () => {
  it('writes Brotli and gzip copies that decode to the original, and skips tiny and binary files', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'bidwright-precompress-'));
    folders.push(folder);
    const script = 'export const answer = 42;\n'.repeat(200);
    await writeFile(join(folder, 'app.js'), script);
    await writeFile(join(folder, 'tiny.css'), 'a{}');
    await writeFile(join(folder, 'icon.png'), Buffer.alloc(4_096, 7));

    expect(await precompressFolder(folder)).toBe(1);
    const br = await readFile(join(folder, 'app.js.br'));
    const gz = await readFile(join(folder, 'app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    await expect(readFile(join(folder, 'tiny.css.br'))).rejects.toThrow();
    await expect(readFile(join(folder, 'icon.png.br'))).rejects.toThrow();
  });
});

describe('withoutLoginPreload', () => {
  it('drops only the sign-in chunk’s preload and keeps every other tag', () => {
    const html =
      '<head><link rel="manifest" href="/manifest.webmanifest">' +
      '<link href="/static/js/async/login-page.0a1b2c3d.js" rel="preload" as="script">' +
      '<link rel="preload" href="/static/js/async/jobs-page.0a1b2c3d.js" as="script">' +
      '<script defer src="/static/js/login-page.0a1b2c3d.js"></script></head>';
    expect(withoutLoginPreload(html)).toBe(
      '<head><link rel="manifest" href="/manifest.webmanifest">' +
        '<link rel="preload" href="/static/js/async/jobs-page.0a1b2c3d.js" as="script">' +
        '<script defer src="/static/js/login-page.0a1b2c3d.js"></script></head>',
    );
  });
});

describe('withPrerenderedRoot', () => {
  it('puts the markup inside the empty #root and keeps the rest of the page', () => {
    const html = '<head><script src="/a.js"></script></head><body><div id="root"></div></body>';
    expect(withPrerenderedRoot(html, '<p>Panel</p>')).toBe(
      '<head><script src="/a.js"></script></head><body><div id="root"><p>Panel</p></div></body>',
    );
  });

  it('refuses a page without an empty #root, rather than writing a page without the panel', () => {
    expect(() => withPrerenderedRoot('<body><main></main></body>', '<p>Panel</p>')).toThrow(
      /#root/,
    );
  });
});
