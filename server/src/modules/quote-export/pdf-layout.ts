import { createRequire } from 'node:module';

import PDFDocument from 'pdfkit';

import type { ListItem, TextBlock, TextRun } from './markdown-blocks.ts';

/**
 * The PDF's page, fonts and the few drawing steps every part of the quote uses. Fonts are DejaVu
 * Sans TrueType files embedded in the file (subset to the glyphs used), so the PDF reads the same
 * everywhere and shows any currency sign or accented name; none of PDF's built-in fonts is used.
 */

export type Pdf = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

/** Font file paths; pdfkit keeps one parsed font per path within a document. */
export const FONTS = {
  regular: fontPath('DejaVuSans.ttf'),
  bold: fontPath('DejaVuSans-Bold.ttf'),
  italic: fontPath('DejaVuSans-Oblique.ttf'),
  boldItalic: fontPath('DejaVuSans-BoldOblique.ttf'),
} as const;

export const PAGE = {
  size: 'A4',
  margins: { top: 56, bottom: 64, left: 56, right: 56 },
} as const;

export const COLORS = { text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', band: '#f0f4f8' };
export const SIZES = { title: 20, heading: 14, subheading: 11, body: 10, small: 8.5 };

export function newPdf(info: { title: string; author: string }): Pdf {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    font: FONTS.regular,
    info: { Title: info.title, Author: info.author, Creator: 'Bidwright' },
  });
  doc.fillColor(COLORS.text).fontSize(SIZES.body);
  return doc;
}

/** The whole PDF as one buffer once the document is ended. */
export function pdfBuffer(doc: Pdf, draw: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw();
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

export const left = (doc: Pdf) => doc.page.margins.left;
export const contentWidth = (doc: Pdf) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
export const bottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points still fit below the cursor. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export function fontOf(run: Pick<TextRun, 'bold' | 'italic'>): string {
  if (run.bold) return run.italic ? FONTS.boldItalic : FONTS.bold;
  return run.italic ? FONTS.italic : FONTS.regular;
}

export function heading(doc: Pdf, text: string, size: number = SIZES.heading): void {
  doc.moveDown(0.6);
  // Keep a heading with at least three lines of what follows it.
  ensureSpace(doc, size * 1.4 + SIZES.body * 4.5);
  doc
    .font(FONTS.bold)
    .fontSize(size)
    .fillColor(COLORS.text)
    .text(text, left(doc), doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

/** Text runs as one wrapped paragraph starting at `x`, each run in its own style. */
export function runsParagraph(
  doc: Pdf,
  runs: readonly TextRun[],
  options: { x?: number; y?: number; width?: number; size?: number; color?: string } = {},
): void {
  const visible = runs.filter((run) => run.text !== '');
  if (visible.length === 0) return;
  const x = options.x ?? left(doc);
  const width = options.width ?? contentWidth(doc) - (x - left(doc));
  doc.fontSize(options.size ?? SIZES.body).fillColor(options.color ?? COLORS.text);
  visible.forEach((run, index) => {
    const textOptions = { width, lineGap: 2, continued: index < visible.length - 1 };
    doc.font(fontOf(run));
    if (index === 0) doc.text(run.text, x, options.y ?? doc.y, textOptions);
    else doc.text(run.text, textOptions);
  });
}

export function plainParagraph(
  doc: Pdf,
  text: string,
  options: { color?: string; size?: number } = {},
) {
  runsParagraph(doc, [{ text, bold: false, italic: false }], options);
}

/** A bullet (or "1.") hanging left of its text, indented by nesting level. */
export function listItem(doc: Pdf, item: Pick<ListItem, 'runs' | 'level' | 'marker'>): void {
  const indent = 12 + item.level * 14;
  const markerWidth = item.marker ? 18 : 10;
  ensureSpace(doc, SIZES.body * 1.6);
  const y = doc.y;
  doc
    .font(FONTS.regular)
    .fontSize(SIZES.body)
    .fillColor(COLORS.text)
    .text(item.marker ?? '•', left(doc) + indent, y, { width: markerWidth, lineBreak: false });
  runsParagraph(doc, item.runs, { x: left(doc) + indent + markerWidth, y });
  doc.moveDown(0.15);
}

export function bulletList(doc: Pdf, items: readonly string[]): void {
  for (const text of items) {
    listItem(doc, { runs: [{ text, bold: false, italic: false }], level: 0, marker: null });
  }
}

export function textBlocks(doc: Pdf, blocks: readonly TextBlock[]): void {
  for (const block of blocks) {
    if (block.kind === 'heading') {
      doc.moveDown(0.3);
      ensureSpace(doc, SIZES.subheading * 3);
      runsParagraph(
        doc,
        block.runs.map((run) => ({ ...run, bold: true })),
        { size: SIZES.subheading },
      );
    } else if (block.kind === 'paragraph') {
      ensureSpace(doc, SIZES.body * 1.6);
      runsParagraph(doc, block.runs);
    } else {
      for (const item of block.items) listItem(doc, item);
    }
    doc.moveDown(0.4);
  }
}

/** "Page n of m" and the quote's title at the foot of every page, once every page exists. */
export function pageFooters(doc: Pdf, title: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const savedBottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not start another page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - savedBottom + 24;
    const width = contentWidth(doc);
    doc.font(FONTS.regular).fontSize(SIZES.small).fillColor(COLORS.muted);
    doc.text(title, left(doc), y, {
      width: width * 0.7,
      height: SIZES.small * 1.4,
      ellipsis: true,
    });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, left(doc), y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = savedBottom;
  }
}
