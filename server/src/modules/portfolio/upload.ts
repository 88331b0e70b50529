import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

import {
  PORTFOLIO_FILE_TYPES,
  PORTFOLIO_FILE_TYPES_LABEL,
  type PortfolioFileMime,
} from '#contract/portfolio';

import { HttpError } from '../../http-error.ts';

/**
 * Upload checks (uploads are untrusted input). A file is accepted only when its extension is on the
 * allowlist, its content (magic bytes) is a type on the allowlist, the two agree, and it decodes
 * as what it claims to be. The client's Content-Type is never trusted.
 */

export const MAX_EXTRACTED_TEXT_CHARS = 200_000;
export const MAX_FILE_NAME_CHARS = 180;
const MAX_IMAGE_PIXELS = 100_000_000;
const THUMBNAIL_SIZE = 480;
const PDF_TIMEOUT_MS = 15_000;

export type InspectedUpload = {
  originalName: string;
  mime: PortfolioFileMime;
  /** Canonical extension for the stored name (from the content, e.g. `jpg`). */
  ext: string;
  kind: 'image' | 'pdf';
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
  extractedText: string;
};

const refuse = (message: string) => new HttpError(415, 'unsupported_media_type', message);

/**
 * The name to show, never a path: directory parts, control characters (NUL included), bidi
 * overrides (the RTL "gnp.exe" trick) and invisible characters are removed; leading dots too.
 */
export function sanitizeFileName(raw: string): string {
  let name = '';
  for (const char of raw.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) continue;
    if (
      (code >= 0x200b && code <= 0x200f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      code === 0x061c ||
      code === 0xfeff
    )
      continue;
    name += char;
  }
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/^[.\s]+/, '')
    .replace(/(?<![\s.])[\s.]+$/, '')
    .replace(/\s+/g, ' ');
  if (name.length > MAX_FILE_NAME_CHARS) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_FILE_NAME_CHARS - ext.length) + ext;
  }
  return name || 'file';
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Byte patterns that make a file something else too (HTML, script, archive): polyglots. */
const IMAGE_FORBIDDEN = [
  '<script',
  '<html',
  '<svg',
  '<?php',
  '<!doctype',
  '<iframe',
  '%pdf-',
  'pk\u0003\u0004',
];
const PDF_FORBIDDEN = ['<script', '<html', '<!doctype', '/javascript', '/launch', '/embeddedfile'];

function findForbidden(data: Buffer, patterns: string[]): string | null {
  const text = data.toString('latin1').toLowerCase();
  for (const pattern of patterns) if (text.includes(pattern)) return pattern;
  return null;
}

export async function inspectUpload(input: {
  fileName: string;
  data: Buffer;
  maxBytes: number;
}): Promise<InspectedUpload> {
  const { data, maxBytes } = input;
  const originalName = sanitizeFileName(input.fileName);
  if (data.length === 0) {
    throw new HttpError(400, 'validation_failed', `"${originalName}" is empty (0 bytes).`);
  }
  if (data.length > maxBytes) {
    throw new HttpError(
      413,
      'payload_too_large',
      `"${originalName}" is ${formatBytes(data.length)}; the limit is ${formatBytes(maxBytes)}.`,
    );
  }

  const ext = extensionOf(originalName);
  if (ext === 'svg' || ext === 'svgz') {
    throw refuse(
      `SVG files are not accepted because they can carry scripts. Upload ${PORTFOLIO_FILE_TYPES_LABEL}.`,
    );
  }
  const byExtension = PORTFOLIO_FILE_TYPES.find((type) =>
    (type.extensions as readonly string[]).includes(ext),
  );
  if (!byExtension) {
    throw refuse(
      `"${originalName}" is not an accepted type${ext ? ` (.${ext})` : ''}. Upload ${PORTFOLIO_FILE_TYPES_LABEL}.`,
    );
  }

  const detected = await fileTypeFromBuffer(data);
  if (!detected) {
    throw refuse(
      `"${originalName}" is named .${ext} but its content is not a ${byExtension.label} file (it may be text, HTML or SVG).`,
    );
  }
  const byContent = PORTFOLIO_FILE_TYPES.find((type) => type.mime === detected.mime);
  if (!byContent) {
    throw refuse(
      `"${originalName}" is named .${ext} but its content is ${describe(detected.ext)}. Upload ${PORTFOLIO_FILE_TYPES_LABEL}.`,
    );
  }
  if (byContent.mime !== byExtension.mime) {
    throw refuse(
      `"${originalName}" is named .${ext} but its content is ${byContent.label}. Rename it to .${byContent.extensions[0]} and upload it again.`,
    );
  }

  if (byContent.mime === 'application/pdf') {
    const forbidden = findForbidden(data, PDF_FORBIDDEN);
    if (forbidden) {
      throw refuse(
        `"${originalName}" contains active content (${forbidden.replace(/^\//, '')}), which is not accepted in a portfolio PDF.`,
      );
    }
    const extractedText = await extractPdfText(data, originalName);
    return {
      originalName,
      mime: byContent.mime,
      ext: 'pdf',
      kind: 'pdf',
      width: null,
      height: null,
      thumbnail: null,
      extractedText,
    };
  }

  const forbidden = findForbidden(data, IMAGE_FORBIDDEN);
  if (forbidden) {
    throw refuse(
      `"${originalName}" is an image that also contains ${forbidden.startsWith('pk') ? 'an archive' : 'markup or script'}; such files are not accepted.`,
    );
  }
  const image = await describeImage(data, originalName);
  return {
    originalName,
    mime: byContent.mime,
    ext: byContent.extensions[0],
    kind: 'image',
    ...image,
    extractedText: '',
  };
}

async function describeImage(data: Buffer, name: string) {
  try {
    const input = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // Rendering the thumbnail decodes the image, so a broken one is refused here.
    const thumbnail = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    const rotated = (meta.orientation ?? 1) >= 5;
    return {
      width: rotated ? meta.height : meta.width,
      height: rotated ? meta.width : meta.height,
      thumbnail,
    };
  } catch {
    throw new HttpError(
      400,
      'validation_failed',
      `"${name}" could not be read as an image: it is damaged, or larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
}

/** Text of every page, for search. A PDF that pdf.js cannot open is refused. */
export async function extractPdfText(data: Buffer, name = 'file.pdf'): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = (async () => {
      const pdf = await getDocumentProxy(new Uint8Array(data), {
        isEvalSupported: false,
        verbosity: 0,
        stopAtErrors: false,
      });
      try {
        const { text } = await extractText(pdf, { mergePages: true });
        return text;
      } finally {
        await pdf.destroy().catch(() => {});
      }
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), PDF_TIMEOUT_MS);
    });
    const text = await Promise.race([work, timeout]);
    return normaliseText(text).slice(0, MAX_EXTRACTED_TEXT_CHARS);
  } catch (error) {
    const password = error instanceof Error && /password/i.test(error.name + error.message);
    throw new HttpError(
      400,
      'validation_failed',
      password
        ? `"${name}" is protected by a password; upload a PDF without one.`
        : `"${name}" could not be read as a PDF: it may be damaged.`,
    );
  } finally {
    if (timer) clearTimeout(timer);
  }
}

function normaliseText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += code < 0x20 && code !== 0x0a ? ' ' : char;
  }
  return (
    out
      .replace(/[ \t]+/g, ' ')
      // Each match starts where a run of white space starts (the lookbehind), so a long run
      // without a line break is scanned once, not once per character.
      .replace(/(?<!\s)\s*\n\s*/g, '\n')
      .trim()
  );
}

function describe(ext: string): string {
  if (ext === 'exe' || ext === 'elf' || ext === 'mach') return `a program (${ext})`;
  if (ext === 'zip' || ext === 'rar' || ext === '7z' || ext === 'gz') return `an archive (${ext})`;
  return `a .${ext} file`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
