import { fileTypeFromBuffer } from 'file-type';

import { RFP_TEXT_LIMIT, type RfpText } from '#contract/quotes-api';

import { HttpError } from '../../http-error.ts';
import { cleanRfpText, unwrapPrintedLines } from './rfp-text-clean.ts';
import { docxUnpackedBytes } from './zip-size.ts';

/**
 * An uploaded RFP turned into text. The type comes from the content, never from the name or the
 * client's Content-Type: a PDF or DOCX by its signature, plain text when the bytes are valid UTF-8
 * without NUL bytes. Parsing runs under a time limit, and a DOCX whose parts would unpack to more
 * than DOCX_UNPACKED_MAX bytes is refused before it is opened, so a hostile file cannot hold the
 * server.
 */

export const RFP_FILE_MAX_BYTES = 15 * 1024 * 1024;
const PARSE_TIMEOUT_MS = 15_000;
const DOCX_UNPACKED_MAX = 120 * 1024 * 1024;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ACCEPTED = 'Upload a PDF, DOCX or TXT file.';

const FILE_NAME_MAX = 200;

/** The name to show in messages and on the quote: no path, no control or invisible characters. */
export function shownFileName(raw: string): string {
  let name = '';
  for (const char of raw.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    const invisible =
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x200b && code <= 0x200f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      code === 0xfeff;
    if (!invisible) name += char;
  }
  const base = (name.split('/').pop() ?? '').split('\\').pop() ?? '';
  return base.trim().slice(0, FILE_NAME_MAX) || 'RFP';
}

/** What a detected file is, in words: "a PNG image", "an old Word document (.doc)". */
const KIND_WORDS: Record<string, string> = {
  png: 'a PNG image',
  jpg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  heic: 'a HEIC photo',
  tif: 'a TIFF image',
  bmp: 'a BMP image',
  zip: 'a ZIP archive',
  rar: 'a RAR archive',
  '7z': 'a 7-Zip archive',
  gz: 'a gzip archive',
  cfb: 'an old Office file (.doc or .xls): save it as .docx',
  xlsx: 'an Excel workbook',
  pptx: 'a PowerPoint presentation',
  odt: 'an OpenDocument text: save it as .docx or PDF',
  rtf: 'an RTF document: save it as .docx or PDF',
  exe: 'a program',
  elf: 'a program',
  mp4: 'a video',
  mp3: 'an audio file',
};

export function describeFileKind(ext: string): string {
  return KIND_WORDS[ext] ?? `a .${ext} file`;
}

const unreadable = (code: string, message: string) => new HttpError(422, code, message);

/** Runs parsing work, refusing it with `onTimeout` when it takes longer than the limit. */
async function withTimeLimit<T>(work: Promise<T>, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), PARSE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function pdfText(data: Buffer, name: string): Promise<{ text: string; pages: number }> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const tooSlow = () =>
    unreadable('unreadable_file', `"${name}" took too long to read. Paste the RFP's text instead.`);
  try {
    return await withTimeLimit(
      (async () => {
        const pdf = await getDocumentProxy(new Uint8Array(data), {
          isEvalSupported: false,
          verbosity: 0,
          stopAtErrors: false,
        });
        try {
          const { text, totalPages } = await extractText(pdf, { mergePages: true });
          return { text, pages: totalPages };
        } finally {
          await pdf.destroy().catch(() => {});
        }
      })(),
      tooSlow,
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const password = error instanceof Error && /password/i.test(error.name + error.message);
    throw password
      ? unreadable(
          'pdf_protected',
          `"${name}" is protected by a password. Remove the password (or print it to a new PDF) and upload it again, or paste the RFP's text.`,
        )
      : unreadable(
          'unreadable_file',
          `"${name}" could not be read as a PDF: it may be damaged. Export it again from the original document, or paste the RFP's text.`,
        );
  }
}

async function docxText(data: Buffer, name: string): Promise<string> {
  const damaged = () =>
    unreadable(
      'unreadable_file',
      `"${name}" could not be read as a Word document: it may be damaged. Save it again as .docx, or paste the RFP's text.`,
    );
  const unpacked = docxUnpackedBytes(data);
  if (unpacked === null) throw damaged();
  if (unpacked > DOCX_UNPACKED_MAX) {
    throw new HttpError(
      413,
      'payload_too_large',
      `"${name}" unpacks to more than ${DOCX_UNPACKED_MAX / (1024 * 1024)} MB. Save the RFP without embedded media, or paste its text.`,
    );
  }
  try {
    return unescapeMarkdown(
      await withTimeLimit(docxMarkdown(data), () =>
        unreadable(
          'unreadable_file',
          `"${name}" took too long to read. Paste the RFP's text instead.`,
        ),
      ),
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw damaged();
  }
}

type MarkdownConverter = (input: { buffer: Buffer }) => Promise<{ value: string }>;

/**
 * The document as markdown, so headings and bullets keep the marks the requirement reader
 * steers by; plain text when this mammoth build has no markdown output.
 */
async function docxMarkdown(data: Buffer): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  // The markdown converter is part of mammoth but missing from its type declarations.
  const toMarkdown = (mammoth as unknown as { convertToMarkdown?: MarkdownConverter })
    .convertToMarkdown;
  const result = toMarkdown
    ? await toMarkdown({ buffer: data })
    : await mammoth.extractRawText({ buffer: data });
  return result.value;
}

const MARKDOWN_ESCAPED = new Set('\\`*_{}[]()#+-.!<>|');

/** Markdown escapes removed ("family\\-owned" reads "family-owned"). */
function unescapeMarkdown(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === '\\' && next !== undefined && MARKDOWN_ESCAPED.has(next)) {
      out += next;
      index++;
    } else {
      out += char;
    }
  }
  return out;
}

/** The bytes as UTF-8 text, or null when they are not valid UTF-8 or hold a NUL byte. */
function utf8Text(data: Buffer): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return null;
  }
}

async function extract(
  data: Buffer,
  name: string,
): Promise<{ kind: RfpText['kind']; text: string; pages: number | null }> {
  const detected = await fileTypeFromBuffer(data);
  if (detected?.ext === 'pdf') {
    const { text, pages } = await pdfText(data, name);
    return { kind: 'pdf', text, pages };
  }
  if (detected?.mime === DOCX_MIME)
    return { kind: 'docx', text: await docxText(data, name), pages: null };
  if (detected) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `${ACCEPTED} "${name}" is ${describeFileKind(detected.ext)}.`,
    );
  }
  const text = utf8Text(data);
  if (text === null) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `${ACCEPTED} "${name}" is neither a PDF, a Word document nor UTF-8 text. If it is text, save it as UTF-8 and try again.`,
    );
  }
  return { kind: 'txt', text, pages: null };
}

/** The text of an uploaded RFP, cleaned and capped at RFP_TEXT_LIMIT characters. */
export async function readRfpFile(input: { fileName: string; data: Buffer }): Promise<RfpText> {
  const { data, fileName } = input;
  if (data.length === 0) {
    throw new HttpError(
      400,
      'validation_failed',
      `"${fileName}" is empty (0 bytes). Choose the RFP file again.`,
    );
  }
  if (data.length > RFP_FILE_MAX_BYTES) {
    throw new HttpError(
      413,
      'payload_too_large',
      `"${fileName}" is ${(data.length / (1024 * 1024)).toFixed(1)} MB; the limit is 15 MB. Paste the parts of the RFP to price instead.`,
    );
  }
  const extracted = await extract(data, fileName);
  const cleaned = cleanRfpText(extracted.text);
  const text = (extracted.kind === 'pdf' ? unwrapPrintedLines(cleaned) : cleaned).slice(
    0,
    RFP_TEXT_LIMIT,
  );
  if (text.length === 0) {
    if (extracted.kind === 'pdf') {
      throw unreadable(
        'no_text',
        "This PDF has no text layer (it looks scanned). Paste the RFP's text instead, or export the PDF from the original document.",
      );
    }
    throw new HttpError(
      422,
      'no_text',
      `"${fileName}" holds no text. Check it is the RFP, or paste the RFP's text instead.`,
    );
  }
  return {
    text,
    fileName,
    kind: extracted.kind,
    pages: extracted.pages,
    characters: text.length,
  };
}
