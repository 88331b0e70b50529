/**
 * Writes login.html: index.html with the sign-in page's static panel inside #root
 * (src/prerender/login-shell.tsx, built by the 'prerender' environment of rsbuild.config.ts for
 * Node). The SPA server answers /login with it; every other route keeps the empty index.html,
 * which loses the sign-in chunk's preload: a page that never shows the sign-in form would only
 * fetch it for nothing (and Chromium warns about every unused preload).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { RsbuildPlugin } from '@rsbuild/core';

export const PRERENDER_ENVIRONMENT = 'prerender';
/** Where the Node bundle goes inside the build folder; removed once login.html is written. */
export const PRERENDER_FOLDER = '.prerender';
export const PRERENDER_ENTRY = 'login-shell';

const EMPTY_ROOT = '<div id="root"></div>';

export function withPrerenderedRoot(indexHtml: string, markup: string): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error('index.html has no empty #root element.');
  return indexHtml.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

const LOGIN_PRELOAD = /<link\b[^>]*>/g;

/** The page without its `<link rel="preload">` of the sign-in chunk (`login-page.<hash>.js`). */
export function withoutLoginPreload(html: string): string {
  return html.replace(LOGIN_PRELOAD, (tag) =>
    /\brel=["']?preload\b/.test(tag) && /\/login-page\.[0-9a-f]+\.js\b/.test(tag) ? '' : tag,
  );
}

export function pluginPrerenderLogin(): RsbuildPlugin {
  return {
    name: 'bidwright:prerender-login',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        const web = environments.web;
        const prerender = environments[PRERENDER_ENVIRONMENT];
        if (!web || !prerender) return;
        const folder = join(prerender.distPath, PRERENDER_FOLDER);
        const bundle = join(folder, `${PRERENDER_ENTRY}.js`);
        // The bundle is CommonJS (rsbuild's Node target); a fresh require each build.
        const require = createRequire(import.meta.url);
        delete require.cache[bundle];
        const { renderLoginShell } = require(bundle) as { renderLoginShell: () => string };
        const indexHtml = await readFile(join(web.distPath, 'index.html'), 'utf8');
        await writeFile(
          join(web.distPath, 'login.html'),
          withPrerenderedRoot(indexHtml, renderLoginShell()),
        );
        await writeFile(join(web.distPath, 'index.html'), withoutLoginPreload(indexHtml));
        await rm(folder, { recursive: true, force: true });
      });
    },
  };
}
