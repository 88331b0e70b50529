import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { makeExe, makeImage, makePdf } from './test-fixtures.ts';
import { extensionOf, inspectUpload, sanitizeFileName } from './upload.ts';

const MAX = 20 * 1024 * 1024;

async function refusal(fileName: string, data: Buffer, maxBytes = MAX) {
  try {
    await inspectUpload({ fileName, data, maxBytes });
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    return { status: http.statusCode, code: http.code, message: http.message };
  }
  throw new Error(`${fileName} was accepted`);
}

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\windows\\system32\\a.jpg', 'a.jpg'],
    ['C:\\fakepath\\photo.png', 'photo.png'],
    ['photo.png\u0000.exe', 'photo.png.exe'],
    ['invoice\u202Egnp.exe', 'invoicegnp.exe'],
    ['\u2066report\u2069.pdf', 'report.pdf'],
    ['.hidden.png', 'hidden.png'],
    ['..', 'file'],
    ['', 'file'],
    ['  spaced   name .png ', 'spaced name .png'],
    ['Résumé 2025.pdf', 'Résumé 2025.pdf'],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('keeps the extension when it shortens a long name', () => {
    const name = sanitizeFileName(`${'a'.repeat(500)}.pdf`);
    expect(name.length).toBe(180);
    expect(extensionOf(name)).toBe('pdf');
  });
});

describe('inspectUpload accepts real files by content', () => {
  it.each([
    ['shot.png', 'png', 'image/png', 'png'],
    ['photo.jpg', 'jpeg', 'image/jpeg', 'jpg'],
    ['photo.JPEG', 'jpeg', 'image/jpeg', 'jpg'],
    ['anim.gif', 'gif', 'image/gif', 'gif'],
    ['pic.webp', 'webp', 'image/webp', 'webp'],
  ] as const)('%s', async (name, format, mime, ext) => {
    const result = await inspectUpload({
      fileName: name,
      data: await makeImage(format, 640, 360),
      maxBytes: MAX,
    });
    expect(result).toMatchObject({
      mime,
      ext,
      kind: 'image',
      width: 640,
      height: 360,
      originalName: name,
    });
    expect(result.thumbnail?.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('extracts the text of a PDF', async () => {
    const result = await inspectUpload({
      fileName: 'case-study.pdf',
      data: makePdf(['Migrated the ledger to event sourcing', 'Latency fell by 80 percent (p95)']),
      maxBytes: MAX,
    });
    expect(result).toMatchObject({
      mime: 'application/pdf',
      ext: 'pdf',
      kind: 'pdf',
      thumbnail: null,
    });
    expect(result.extractedText).toContain('Migrated the ledger to event sourcing');
    expect(result.extractedText).toContain('Latency fell by 80 percent (p95)');
  });
});

describe('inspectUpload refuses', () => {
  it('empty files', async () => {
    expect(await refusal('a.png', Buffer.alloc(0))).toMatchObject({
      status: 400,
      message: '"a.png" is empty (0 bytes).',
    });
  });

  it('files over the limit, naming the limit', async () => {
    const result = await refusal('big.png', await makeImage('png', 300, 300), 100);
    expect(result.status).toBe(413);
    expect(result.message).toContain('the limit is 100 bytes');
  });

  it.each([
    ['a renamed executable', 'holiday.png', () => makeExe(), /content is a program \(exe\)/],
    ['an executable', 'setup.exe', () => makeExe(), /not an accepted type \(\.exe\)/],
    ['a JPEG named .png', 'x.png', () => makeImage('jpeg'), /content is JPEG. Rename it to \.jpg/],
    ['a PDF named .jpg', 'x.jpg', async () => makePdf(['hi']), /content is PDF/],
    ['a PNG named .pdf', 'x.pdf', () => makeImage('png'), /content is PNG/],
    [
      'an SVG',
      'logo.svg',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      /SVG files are not accepted/,
    ],
    [
      'an SVG named .png',
      'logo.png',
      async () => Buffer.from('<svg onload="alert(1)"/>'),
      /not a PNG file/,
    ],
    [
      'HTML named .pdf',
      'doc.pdf',
      async () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      /not a PDF file/,
    ],
    [
      'an HTML file',
      'page.html',
      async () => Buffer.from('<html></html>'),
      /not an accepted type \(\.html\)/,
    ],
    [
      'a file without an extension',
      'README',
      async () => makeImage('png'),
      /not an accepted type\./,
    ],
    [
      'a ZIP named .gif',
      'x.gif',
      async () => Buffer.from('504b0304140000000800', 'hex'),
      /content is an archive \(zip\)|not a GIF file/,
    ],
    [
      'a GIF/HTML polyglot',
      'poly.gif',
      async () =>
        Buffer.concat([await makeImage('gif'), Buffer.from('<html><script>alert(1)</script>')]),
      /also contains markup or script/,
    ],
    [
      'a PNG with an archive appended',
      'gifar.png',
      async () =>
        Buffer.concat([await makeImage('png'), Buffer.from('504b0304', 'hex'), Buffer.alloc(40)]),
      /also contains an archive/,
    ],
    [
      'a PDF with JavaScript',
      'active.pdf',
      async () => makePdf(['x'], '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '),
      /active content \(javascript\)/,
    ],
    [
      'a PDF with HTML inside',
      'poly.pdf',
      async () => makePdf(['<script>alert(1)</script>']),
      /active content/,
    ],
  ])('%s', async (_label, name, make, message) => {
    const result = await refusal(name, await make());
    expect(result.status).toBe(415);
    expect(result.code).toBe('unsupported_media_type');
    expect(result.message).toMatch(message);
  });

  it('a damaged image', async () => {
    const data = (await makeImage('png', 400, 400)).subarray(0, 120);
    const result = await refusal('cut.png', data);
    expect(result.status).toBe(400);
    expect(result.message).toContain('could not be read as an image');
  });

  it('a damaged PDF', async () => {
    const result = await refusal('broken.pdf', Buffer.from('%PDF-1.4\nnot really a pdf\n'));
    expect(result.status).toBe(400);
    expect(result.message).toContain('could not be read as a PDF');
  });

  it('the RTL and NUL tricks that hide an .exe', async () => {
    expect((await refusal('photo\u202Egnp.exe', makeExe())).message).toContain('(.exe)');
    expect((await refusal('photo.png\u0000.exe', await makeImage('png'))).message).toContain(
      '(.exe)',
    );
  });
});

describe('config', () => {
  it('defaults the upload limit to 20 MB and the store to data/uploads', () => {
    const local = { HOST: '127.0.0.1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    const config = loadConfig({ NODE_ENV: 'test', ...local });
    expect(config.uploadMaxBytes).toBe(20 * 1024 * 1024);
    expect(config.uploadsDir).toBe('data/uploads');
    expect(loadConfig({ ...local, DATA_DIR: '/srv/bw', UPLOAD_MAX_BYTES: '5000' })).toMatchObject({
      uploadsDir: '/srv/bw/uploads',
      uploadMaxBytes: 5000,
    });
  });
});
