import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RfpText } from '#contract/quotes-api';
import {
  PNG_BYTES,
  protectedRfpPdf,
  rfpDocx,
  rfpPdf,
  sampleRfpText,
  scannedPdf,
} from '#test-support/rfp-files';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { extractRequirements } from './rfp-requirements.ts';

let h: Harness;
let user: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  user = await h.signIn({ modules: ['proposal'] });
});
afterAll(async () => h.close());

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(fileName: string, data: Buffer, field = 'file') {
  const boundary = '----bidwright-rfp-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (fileName: string, data: Buffer, headers = user.headers) => {
  const body = multipart(fileName, data);
  return h.app.inject({
    method: 'POST',
    url: '/api/quotes/rfp-text',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string } }).error;
const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');

describe('POST /api/quotes/rfp-text', () => {
  it('reads a three-page PDF with its page count and the RFP’s words', async () => {
    const res = await upload('harbor-pine-rfp.pdf', await rfpPdf());
    expect(res.statusCode).toBe(200);
    const text = res.json<RfpText>();
    expect(text).toMatchObject({ kind: 'pdf', pages: 3, fileName: 'harbor-pine-rfp.pdf' });
    expect(text.characters).toBe(text.text.length);
    expect(words(text.text)).toContain('Shopping cart and checkout with Stripe payments');
    expect(extractRequirements(text.text).length).toBeGreaterThanOrEqual(10);
  });

  it('reads a DOCX with its headings and bullets kept for the requirement reader', async () => {
    const res = await upload('rfp.docx', await rfpDocx());
    expect(res.statusCode).toBe(200);
    const text = res.json<RfpText>();
    expect(text).toMatchObject({ kind: 'docx', pages: null });
    expect(text.text).toContain('family-owned');
    expect(text.text).toContain('- Customer accounts with order history and saved addresses');
    const fromDocx = extractRequirements(text.text).map((r) => r.text);
    const fromSource = extractRequirements(sampleRfpText()).map((r) => r.text);
    expect(fromDocx).toEqual(fromSource);
  });

  it('reads UTF-8 text (a BOM and Windows line endings are cleaned away)', async () => {
    const source = 'Café booking app\r\n\r\n\r\n\r\n- Users   must book a table\r\n';
    const res = await upload('rfp.txt', Buffer.from(`\uFEFF${source}`, 'utf8'));
    expect(res.statusCode).toBe(200);
    expect(res.json<RfpText>()).toMatchObject({
      kind: 'txt',
      text: 'Café booking app\n\n- Users must book a table',
    });
  });

  it('refuses a PNG renamed .pdf, saying what the file really is', async () => {
    const res = await upload('rfp.pdf', PNG_BYTES);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res.body).message).toBe(
      'Upload a PDF, DOCX or TXT file. "rfp.pdf" is a PNG image.',
    );
  });

  it('refuses binary that is not UTF-8 text', async () => {
    const res = await upload('rfp.txt', Buffer.from([0x52, 0x46, 0x50, 0x00, 0xff, 0xfe, 0x01]));
    expect(res.statusCode).toBe(415);
    expect(errorOf(res.body).message).toContain('save it as UTF-8');
  });

  it('answers no_text for a scanned PDF', async () => {
    const res = await upload('scan.pdf', await scannedPdf());
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body)).toEqual({
      code: 'no_text',
      message:
        "This PDF has no text layer (it looks scanned). Paste the RFP's text instead, or export the PDF from the original document.",
    });
  });

  it('refuses a password-protected PDF and a damaged one with what to do', async () => {
    const locked = await upload('locked.pdf', await protectedRfpPdf());
    expect(locked.statusCode).toBe(422);
    expect(errorOf(locked.body)).toMatchObject({ code: 'pdf_protected' });
    expect(errorOf(locked.body).message).toContain('protected by a password');

    const damaged = await upload('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\ngarbage'));
    expect(damaged.statusCode).toBe(422);
    expect(errorOf(damaged.body).code).toBe('unreadable_file');
  });

  it('refuses an empty file, a file over 15 MB and a request with no file', async () => {
    const empty = await upload('rfp.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body).message).toContain('is empty');

    const huge = await upload('huge.txt', Buffer.alloc(15 * 1024 * 1024 + 10, 0x61));
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge.body).message).toContain('15 MB');

    const json = await h.app.inject({
      method: 'POST',
      url: '/api/quotes/rfp-text',
      headers: user.headers,
      payload: { text: 'hello' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('is for users with the proposal module only', async () => {
    const other = await h.signIn({ modules: ['response'] });
    const res = await upload('rfp.txt', Buffer.from('An RFP'), other.headers);
    expect(res.statusCode).toBe(403);
  });
});
