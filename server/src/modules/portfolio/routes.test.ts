import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PortfolioItem, UploadPortfolioFileResult } from '#contract/portfolio';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { portfolioFiles, portfolioItems } from '../../db/schema/portfolio.ts';
import { responseCitations, responses, responseStatusEvents } from '../../db/schema/responses.ts';
import { makeExe, makeImage, makePdf } from './test-fixtures.ts';

const UPLOAD_LIMIT = 300_000;

let h: Harness;
let uploads: string;
let alice: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
let noModule: SignedIn;

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'bidwright-uploads-'));
  h = await createHarness({
    env: { UPLOADS_DIR: uploads, UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) },
  });
  [alice, bob, admin, noModule] = await Promise.all([
    h.signIn({ modules: ['portfolio'] }),
    h.signIn({ modules: ['portfolio'] }),
    h.signIn({ role: 'admin' }),
    h.signIn({ modules: ['response'] }),
  ]);
});
afterAll(async () => {
  await h.close();
  await rm(uploads, { recursive: true, force: true });
});

const call = (who: SignedIn | null, options: InjectOptions) =>
  h.app.inject({ ...options, headers: { ...(who?.headers ?? {}), ...(options.headers ?? {}) } });

async function createItem(who: SignedIn, body: Record<string, unknown>): Promise<PortfolioItem> {
  const response = await call(who, { method: 'POST', url: '/api/portfolio/items', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function multipart(fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----bidwright${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    'utf8',
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  who: SignedIn,
  itemId: string,
  fileName: string,
  data: Buffer,
  contentType?: string,
) =>
  call(who, {
    method: 'POST',
    url: `/api/portfolio/items/${itemId}/files`,
    ...multipart(fileName, data, contentType),
  });

async function filesOnDisk(userId: string): Promise<string[]> {
  try {
    return await readdir(join(uploads, 'portfolio', userId));
  } catch {
    return [];
  }
}

async function actions(userId: string): Promise<string[]> {
  const rows = await h.database.db
    .select({ action: activities.action })
    .from(activities)
    .where(eq(activities.userId, userId));
  return rows.map((row) => row.action);
}

describe('module and authentication gates', () => {
  it('answers 401 without a token and 403 module_not_enabled without the module', async () => {
    expect((await call(null, { method: 'GET', url: '/api/portfolio/items' })).statusCode).toBe(401);
    const refused = await call(noModule, { method: 'GET', url: '/api/portfolio/items' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('module_not_enabled');
    const search = await call(noModule, { method: 'GET', url: '/api/portfolio/search?q=x' });
    expect(search.statusCode).toBe(403);
  });

  it('lets admins in without the module', async () => {
    expect((await call(admin, { method: 'GET', url: '/api/portfolio/items' })).statusCode).toBe(
      200,
    );
  });
});

describe('items', () => {
  it('creates, reads, updates and lists an item, logging each action', async () => {
    const item = await createItem(alice, {
      title: '  Checkout rebuild ',
      description: 'Rebuilt a slow checkout.',
      role: 'Lead engineer',
      skills: ['React', 'react', 'Stripe'],
      industry: 'Retail',
      results: 'Conversion up.',
      resultMetrics: [{ label: 'Conversion', value: 23, unit: '%' }],
      links: [{ label: 'Live site', url: 'https://shop.example.com' }],
      date: '2025-06-30',
    });
    expect(item).toMatchObject({
      title: 'Checkout rebuild',
      skills: ['React', 'Stripe'],
      resultMetrics: [{ label: 'Conversion', value: 23, unit: '%' }],
      links: [{ label: 'Live site', url: 'https://shop.example.com' }],
      date: '2025-06-30',
      files: [],
      citations: { responses: 0, replied: 0 },
      deletedAt: null,
    });

    const read = await call(alice, { method: 'GET', url: `/api/portfolio/items/${item.id}` });
    expect(read.json().title).toBe('Checkout rebuild');

    const patched = await call(alice, {
      method: 'PATCH',
      url: `/api/portfolio/items/${item.id}`,
      payload: { title: 'Checkout rebuild for Acme', role: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Checkout rebuild for Acme',
      role: null,
      industry: 'Retail',
    });

    const list = await call(alice, { method: 'GET', url: '/api/portfolio/items' });
    expect(list.json().items.map((entry: PortfolioItem) => entry.id)).toContain(item.id);
    expect(await actions(alice.user.id)).toEqual(
      expect.arrayContaining(['create_portfolio', 'view_portfolio', 'update_portfolio']),
    );
  });

  it.each([
    ['no title', { description: 'x' }, 'body.title'],
    ['a blank title', { title: '   ' }, 'body.title'],
    [
      'a javascript: link',
      { title: 'x', links: [{ url: 'javascript:alert(1)' }] },
      'body.links.0.url',
    ],
    ['a bad date', { title: 'x', date: '2025-02-30' }, 'body.date'],
    [
      'too many skills',
      { title: 'x', skills: Array.from({ length: 41 }, (_, i) => `s${i}`) },
      'body.skills',
    ],
    [
      'a metric that is not a number',
      { title: 'x', resultMetrics: [{ label: 'a', value: 'many' }] },
      'body.resultMetrics.0.value',
    ],
    ['an owner field (mass assignment)', { title: 'x', userId: randomUUID() }, 'body'],
    ['a position', { title: 'x', position: -1e9 }, 'body'],
  ])('answers 400 for %s and stores nothing', async (_label, payload, path) => {
    const before = await h.database.db
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.userId, alice.user.id));
    const response = await call(alice, { method: 'POST', url: '/api/portfolio/items', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(JSON.stringify(response.json().error.details)).toContain(path);
    const after = await h.database.db
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.userId, alice.user.id));
    expect(after.length).toBe(before.length);
  });

  it('answers 400 for an empty patch and for a malformed id, never 500', async () => {
    const item = await createItem(alice, { title: 'Patch target' });
    const empty = await call(alice, {
      method: 'PATCH',
      url: `/api/portfolio/items/${item.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const badId = await call(alice, { method: 'GET', url: '/api/portfolio/items/not-a-uuid' });
    expect(badId.statusCode).toBe(400);
    const badCursor = await call(alice, { method: 'GET', url: '/api/portfolio/items?cursor=%%%' });
    expect(badCursor.statusCode).toBe(400);
  });

  it('orders new items first, moves them, and pages through them', async () => {
    const user = await h.signIn({ modules: ['portfolio'] });
    const a = await createItem(user, { title: 'A' });
    const b = await createItem(user, { title: 'B' });
    const c = await createItem(user, { title: 'C' });
    const order = async () =>
      (await call(user, { method: 'GET', url: '/api/portfolio/items' }))
        .json()
        .items.map((item: PortfolioItem) => item.title);
    expect(await order()).toEqual(['C', 'B', 'A']);

    const move = (id: string, afterId: string | null) =>
      call(user, { method: 'POST', url: `/api/portfolio/items/${id}/move`, payload: { afterId } });
    expect((await move(c.id, a.id)).statusCode).toBe(200);
    expect(await order()).toEqual(['B', 'A', 'C']);
    expect((await move(a.id, null)).statusCode).toBe(200);
    expect(await order()).toEqual(['A', 'B', 'C']);
    // Many moves into the same gap keep the order exact (renumbering when the gap runs out).
    for (let round = 0; round < 60; round += 1) {
      expect((await move(round % 2 ? a.id : c.id, b.id)).statusCode).toBe(200);
    }
    expect(await order()).toEqual(['B', 'A', 'C']);
    expect((await move(a.id, a.id)).statusCode).toBe(400);
    expect((await move(a.id, randomUUID())).statusCode).toBe(404);

    const first = await call(user, { method: 'GET', url: '/api/portfolio/items?limit=2' });
    expect(first.json().items.map((item: PortfolioItem) => item.title)).toEqual(['B', 'A']);
    const next = await call(user, {
      method: 'GET',
      url: `/api/portfolio/items?limit=2&cursor=${first.json().nextCursor}`,
    });
    expect(next.json()).toMatchObject({ nextCursor: null });
    expect(next.json().items.map((item: PortfolioItem) => item.title)).toEqual(['C']);
  });

  it('filters by skill and industry and reports facets', async () => {
    const user = await h.signIn({ modules: ['portfolio'] });
    await createItem(user, { title: 'One', skills: ['Go', 'Kubernetes'], industry: 'Finance' });
    await createItem(user, { title: 'Two', skills: ['go'], industry: 'Health' });
    await createItem(user, { title: 'Three', skills: ['Rust'], industry: 'finance' });
    const titles = async (query: string) =>
      (await call(user, { method: 'GET', url: `/api/portfolio/items?${query}` }))
        .json()
        .items.map((item: PortfolioItem) => item.title);
    expect(await titles('skill=GO')).toEqual(['Two', 'One']);
    expect(await titles('industry=Finance')).toEqual(['Three', 'One']);
    expect(await titles('skill=go&industry=health')).toEqual(['Two']);
    const facets = (await call(user, { method: 'GET', url: '/api/portfolio/facets' })).json();
    expect(facets.total).toBe(3);
    expect(facets.skills[0]).toMatchObject({ count: 2 });
    expect(facets.skills[0].value.toLowerCase()).toBe('go');
    expect(facets.industries).toEqual([
      { value: expect.stringMatching(/^finance$/i), count: 2 },
      { value: 'Health', count: 1 },
    ]);
  });

  it('deletes to the bin with undo, and deletes permanently with the files', async () => {
    const user = await h.signIn({ modules: ['portfolio'] });
    const item = await createItem(user, { title: 'Binned soon' });
    expect((await upload(user, item.id, 'a.png', await makeImage('png'))).statusCode).toBe(201);
    expect(await filesOnDisk(user.user.id)).toHaveLength(2);

    const binned = await call(user, { method: 'DELETE', url: `/api/portfolio/items/${item.id}` });
    expect(binned.statusCode).toBe(200);
    expect(binned.json().deletedAt).not.toBeNull();
    expect(
      (await call(user, { method: 'GET', url: `/api/portfolio/items/${item.id}` })).statusCode,
    ).toBe(404);
    const list = (await call(user, { method: 'GET', url: '/api/portfolio/items' })).json();
    expect(list.items).toEqual([]);
    expect(await filesOnDisk(user.user.id)).toHaveLength(2);

    const restored = await call(user, {
      method: 'POST',
      url: `/api/portfolio/items/${item.id}/restore`,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ deletedAt: null, title: 'Binned soon' });
    expect(
      (await call(user, { method: 'POST', url: `/api/portfolio/items/${item.id}/restore` }))
        .statusCode,
    ).toBe(404);

    const gone = await call(user, {
      method: 'DELETE',
      url: `/api/portfolio/items/${item.id}?permanent=true`,
    });
    expect(gone.statusCode).toBe(204);
    expect(await filesOnDisk(user.user.id)).toEqual([]);
    const fileRows = await h.database.db
      .select()
      .from(portfolioFiles)
      .where(eq(portfolioFiles.userId, user.user.id));
    expect(fileRows).toEqual([]);
    expect(await actions(user.user.id)).toEqual(
      expect.arrayContaining(['delete_portfolio', 'update_portfolio', 'upload_portfolio']),
    );
  });
});

describe('uploads', () => {
  let item: PortfolioItem;
  beforeAll(async () => {
    item = await createItem(alice, { title: 'Upload target' });
  });

  it('accepts a PNG with a thumbnail, and serves it to the owner as an attachment', async () => {
    const png = await makeImage('png', 800, 600);
    const response = await upload(alice, item.id, 'screen shot.png', png, 'text/html');
    expect(response.statusCode, response.body).toBe(201);
    const result: UploadPortfolioFileResult = response.json();
    expect(result.file).toMatchObject({
      originalName: 'screen shot.png',
      mime: 'image/png',
      sizeBytes: png.length,
      width: 800,
      height: 600,
      hasThumbnail: true,
      textChars: 0,
    });
    expect(result.item.files.map((file) => file.id)).toContain(result.file.id);

    const download = await call(alice, {
      method: 'GET',
      url: `/api/portfolio/files/${result.file.id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toMatch(/^sandbox/);

    const thumb = await call(alice, {
      method: 'GET',
      url: `/api/portfolio/files/${result.file.id}/thumbnail`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a JPEG and a PDF, whose text becomes searchable', async () => {
    expect((await upload(alice, item.id, 'photo.jpeg', await makeImage('jpeg'))).statusCode).toBe(
      201,
    );
    const pdf = await upload(
      alice,
      item.id,
      'case.pdf',
      makePdf(['The aardvark ledger reconciliation engine']),
    );
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().file).toMatchObject({
      mime: 'application/pdf',
      hasThumbnail: false,
      width: null,
    });
    expect(pdf.json().file.textChars).toBeGreaterThan(20);
    const noThumb = await call(alice, {
      method: 'GET',
      url: `/api/portfolio/files/${pdf.json().file.id}/thumbnail`,
    });
    expect(noThumb.statusCode).toBe(404);

    const search = await call(alice, {
      method: 'GET',
      url: '/api/portfolio/search?q=aardvark%20reconciliation',
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().results.map((hit: { item: PortfolioItem }) => hit.item.id)).toEqual([
      item.id,
    ]);
    expect(search.json().results[0].matchedIn).toEqual(['files']);
  });

  it.each([
    ['a renamed executable', 'invoice.png', () => makeExe(), 415],
    ['a JPEG disguised as PNG', 'x.png', () => makeImage('jpeg'), 415],
    [
      'an SVG with a script',
      'logo.svg',
      async () => Buffer.from('<svg><script>alert(1)</script></svg>'),
      415,
    ],
    [
      'HTML named .pdf',
      'doc.pdf',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      415,
    ],
    ['an HTML page', 'index.html', async () => Buffer.from('<!doctype html>'), 415],
    ['an empty file', 'empty.png', async () => Buffer.alloc(0), 400],
    [
      'a file over the limit',
      'huge.png',
      () =>
        makeImage('png', 2000, 2000).then((png) =>
          Buffer.concat([png, Buffer.alloc(UPLOAD_LIMIT)]),
        ),
      413,
    ],
  ])('refuses %s with a clear message and stores nothing', async (_label, name, make, status) => {
    const before = await filesOnDisk(alice.user.id);
    const response = await upload(alice, item.id, name, await make());
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message.length).toBeGreaterThan(10);
    expect(await filesOnDisk(alice.user.id)).toEqual(before);
  });

  it('stores path tricks under generated names and shows a cleaned name', async () => {
    const names = [
      '../../../../etc/passwd.png',
      '..\\..\\boot.ini.png',
      'a\u202Egnp.png',
      'x.png\u0000.png',
    ];
    for (const name of names) {
      const response = await upload(alice, item.id, name, await makeImage('png'));
      expect(response.statusCode, response.body).toBe(201);
      const shown: string = response.json().file.originalName;
      for (const forbidden of ['/', '\\', '\u0000', '\u202e'])
        expect(shown).not.toContain(forbidden);
    }
    for (const entry of await filesOnDisk(alice.user.id)) {
      expect(entry).toMatch(/^[0-9a-f-]{36}(\.thumb)?\.(png|jpg|pdf|webp)$/);
    }
    const rows = await h.database.db
      .select({ stored: portfolioFiles.storedName })
      .from(portfolioFiles)
      .where(eq(portfolioFiles.userId, alice.user.id));
    for (const row of rows)
      expect(row.stored).toMatch(new RegExp(`^portfolio/${alice.user.id}/[0-9a-f-]{36}\\.`));
  });

  it('sends an RFC 6266 name for non-ASCII names', async () => {
    const response = await upload(
      alice,
      item.id,
      'Résumé (final) 100%.png',
      await makeImage('png'),
    );
    expect(response.statusCode).toBe(201);
    const download = await call(alice, {
      method: 'GET',
      url: `/api/portfolio/files/${response.json().file.id}`,
    });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ (final) 100_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20100%25.png`,
    );
  });

  it('refuses requests that are not one multipart file', async () => {
    const json = await call(alice, {
      method: 'POST',
      url: `/api/portfolio/items/${item.id}/files`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const boundary = 'xyz';
    const two = await call(alice, {
      method: 'POST',
      url: `/api/portfolio/items/${item.id}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
        ),
        await makeImage('png'),
        Buffer.from(
          `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\n`,
        ),
        await makeImage('png'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(two.statusCode).toBe(413);
    const none = await call(alice, {
      method: 'POST',
      url: `/api/portfolio/items/${item.id}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ),
    });
    expect(none.statusCode).toBe(400);
  });

  it('removes a file from disk when it is removed from the item', async () => {
    const response = await upload(alice, item.id, 'remove-me.gif', await makeImage('gif'));
    const fileId: string = response.json().file.id;
    const [row] = await h.database.db
      .select()
      .from(portfolioFiles)
      .where(eq(portfolioFiles.id, fileId));
    const stored = row!.storedName.split('/').pop()!;
    expect(await filesOnDisk(alice.user.id)).toContain(stored);
    const removed = await call(alice, {
      method: 'DELETE',
      url: `/api/portfolio/items/${item.id}/files/${fileId}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().files.map((file: { id: string }) => file.id)).not.toContain(fileId);
    expect(await filesOnDisk(alice.user.id)).not.toContain(stored);
    expect(
      (await call(alice, { method: 'GET', url: `/api/portfolio/files/${fileId}` })).statusCode,
    ).toBe(404);
  });
});

describe('ownership (IDOR): another user’s items and files are invisible', () => {
  let item: PortfolioItem;
  let fileId: string;
  beforeAll(async () => {
    item = await createItem(alice, { title: 'Alice secret project', skills: ['Secretive'] });
    const response = await upload(alice, item.id, 'secret.png', await makeImage('png'));
    fileId = response.json().file.id;
  });

  it.each([
    ['GET', () => `/api/portfolio/items/${item.id}`, undefined],
    ['PATCH', () => `/api/portfolio/items/${item.id}`, { title: 'Bob was here' }],
    ['DELETE', () => `/api/portfolio/items/${item.id}`, undefined],
    ['DELETE', () => `/api/portfolio/items/${item.id}?permanent=true`, undefined],
    ['POST', () => `/api/portfolio/items/${item.id}/restore`, undefined],
    ['POST', () => `/api/portfolio/items/${item.id}/move`, { afterId: null }],
    ['GET', () => `/api/portfolio/files/${fileId}`, undefined],
    ['GET', () => `/api/portfolio/files/${fileId}/thumbnail`, undefined],
    ['DELETE', () => `/api/portfolio/items/${item.id}/files/${fileId}`, undefined],
  ] as const)(
    '%s %s answers 404 to another user and changes nothing',
    async (method, url, payload) => {
      const response = await call(bob, { method, url: url(), ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
      const [row] = await h.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.id, item.id));
      expect(row).toMatchObject({ title: 'Alice secret project', deletedAt: null });
      const files = await h.database.db
        .select()
        .from(portfolioFiles)
        .where(and(eq(portfolioFiles.itemId, item.id), eq(portfolioFiles.id, fileId)));
      expect(files).toHaveLength(1);
    },
  );

  it('refuses uploads to another user’s item', async () => {
    const response = await upload(bob, item.id, 'x.png', await makeImage('png'));
    expect(response.statusCode).toBe(404);
    expect(await filesOnDisk(bob.user.id)).toEqual([]);
  });

  it('answers 404 for guessed ids', async () => {
    for (const url of [
      `/api/portfolio/items/${randomUUID()}`,
      `/api/portfolio/files/${randomUUID()}`,
    ]) {
      expect((await call(alice, { method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('keeps lists, facets and search free of foreign rows', async () => {
    const list = (await call(bob, { method: 'GET', url: '/api/portfolio/items' })).json();
    expect(list.items.map((entry: PortfolioItem) => entry.id)).not.toContain(item.id);
    const facets = (await call(bob, { method: 'GET', url: '/api/portfolio/facets' })).json();
    expect(facets.skills.map((facet: { value: string }) => facet.value)).not.toContain('Secretive');
    const search = (
      await call(bob, { method: 'GET', url: '/api/portfolio/search?q=secret%20project' })
    ).json();
    expect(search.results).toEqual([]);
    const filtered = (
      await call(bob, { method: 'GET', url: '/api/portfolio/items?skill=Secretive' })
    ).json();
    expect(filtered.items).toEqual([]);
  });

  it('lets an admin download any file', async () => {
    const response = await call(admin, { method: 'GET', url: `/api/portfolio/files/${fileId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
  });
});

describe('citations', () => {
  it('counts the responses that cited an item and how many of them got a reply', async () => {
    const user = await h.signIn({ modules: ['portfolio'] });
    const item = await createItem(user, { title: 'Cited case study' });
    const job = {
      title: 'A job',
      description: '',
      url: null,
      skills: [],
      screeningQuestions: [],
      clientName: null,
      budget: null,
    };
    const db = h.database.db;
    const made = await db
      .insert(responses)
      .values([
        { userId: user.user.id, job, status: 'sent' },
        { userId: user.user.id, job, status: 'replied' },
        // Replied once, declined later: it still got a reply.
        { userId: user.user.id, job, status: 'declined' },
        // Binned responses do not count.
        { userId: user.user.id, job, status: 'hired', deletedAt: new Date() },
      ])
      .returning({ id: responses.id });
    await db.insert(responseStatusEvents).values({
      userId: user.user.id,
      responseId: made[2]!.id,
      fromStatus: 'sent',
      toStatus: 'replied',
    });
    await db.insert(responseCitations).values(
      made.map((response) => ({
        responseId: response.id,
        portfolioItemId: item.id,
        userId: user.user.id,
        title: item.title,
      })),
    );
    const read = await call(user, { method: 'GET', url: `/api/portfolio/items/${item.id}` });
    expect(read.json().citations).toEqual({ responses: 3, replied: 2 });
    const list = await call(user, { method: 'GET', url: '/api/portfolio/items' });
    expect(list.json().items[0].citations).toEqual({ responses: 3, replied: 2 });
  });
});

describe('search endpoint', () => {
  it('runs word search, logs it, and says AI search is unavailable without a provider', async () => {
    const user = await h.signIn({ modules: ['portfolio'] });
    await createItem(user, { title: 'Vue dashboard', skills: ['Vue'] });
    const words = await call(user, { method: 'GET', url: '/api/portfolio/search?q=vue' });
    expect(words.json()).toMatchObject({
      mode: 'text',
      requestedMode: 'text',
      aiAvailable: false,
      note: null,
    });
    expect(words.json().results[0]).toMatchObject({
      matchedTerms: ['vue'],
      matchedIn: ['title_skills'],
    });
    const ai = await call(user, { method: 'GET', url: '/api/portfolio/search?q=vue&mode=ai' });
    expect(ai.json()).toMatchObject({ mode: 'text', requestedMode: 'ai', aiAvailable: false });
    expect(ai.json().note).toMatch(/AI search needs an AI provider/);
    expect(ai.json().results).toHaveLength(1);
    const logged = await h.database.db
      .select({ action: activities.action, details: activities.details })
      .from(activities)
      .where(eq(activities.userId, user.user.id));
    expect(logged.map((row) => row.action)).toEqual(
      expect.arrayContaining(['search_portfolio', 'ai_search_portfolio']),
    );
    expect(logged.find((row) => row.action === 'ai_search_portfolio')?.details).toMatchObject({
      query: 'vue',
      mode: 'text',
    });
  });

  it.each([
    'q=',
    'q=x&mode=magic',
    'q=x&limit=0',
    'q=x&limit=1000',
    `q=${'x'.repeat(600)}`,
    'q=x&extra=1',
  ])('answers 400 for %s', async (query) => {
    const response = await call(alice, { method: 'GET', url: `/api/portfolio/search?${query}` });
    expect(response.statusCode).toBe(400);
  });

  it('never answers 500 to hostile queries', async () => {
    for (const q of ["'; drop table users; --", '!!&|():*<->', '\u0000', '"', 'a'.repeat(400)]) {
      const response = await call(alice, {
        method: 'GET',
        url: `/api/portfolio/search?q=${encodeURIComponent(q)}`,
      });
      expect([200, 400]).toContain(response.statusCode);
    }
  });
});
