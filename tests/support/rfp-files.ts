import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';

/**
 * RFP files for upload tests, built from the sample RFP texts in tests/fixtures/rfps: a real
 * three-page PDF with a text layer, the same RFP as a DOCX, a "scanned" PDF with drawings and no
 * text, and a password-protected PDF. Run this file with node to write the PDF and DOCX next to the
 * texts (`node tests/support/rfp-files.ts`); the tests build them in memory.
 */

const RFP_DIR = new URL('../fixtures/rfps/', import.meta.url);
const FONT = fileURLToPath(
  new URL('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', import.meta.url),
);

export function sampleRfpText(name = 'ecommerce-redesign'): string {
  return readFileSync(new URL(`${name}.txt`, RFP_DIR), 'utf8');
}

/** The RFP's lines in three parts: the brief, the requirements, the rest. */
function pagesOf(text: string): string[][] {
  const pages: string[][] = [[]];
  for (const line of text.split('\n')) {
    if (line === '## Requirements' || line === '## Out of scope') pages.push([]);
    pages.at(-1)!.push(line);
  }
  return pages;
}

function pdfBuffer(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function drawRfp(doc: PDFKit.PDFDocument, text: string) {
  doc.font(FONT);
  pagesOf(text).forEach((lines, index) => {
    if (index > 0) doc.addPage();
    for (const line of lines) {
      if (line.startsWith('#')) {
        doc.moveDown(0.5).fontSize(14).text(line.replace(/^#+ /, ''));
        doc.fontSize(11);
      } else {
        doc.fontSize(11).text(line);
      }
    }
  });
}

/** A three-page PDF of the RFP, with a text layer. */
export function rfpPdf(text = sampleRfpText()): Promise<Buffer> {
  return pdfBuffer((doc) => drawRfp(doc, text));
}

/** The same PDF, openable only with a password. */
export function protectedRfpPdf(text = sampleRfpText()): Promise<Buffer> {
  return pdfBuffer((doc) => drawRfp(doc, text), {
    userPassword: 'secret',
    ownerPassword: 'owner-secret',
    pdfVersion: '1.7',
  });
}

/** A PDF that looks scanned: two pages of drawn shapes, no text layer at all. */
export function scannedPdf(): Promise<Buffer> {
  return pdfBuffer((doc) => {
    for (let page = 0; page < 2; page++) {
      if (page > 0) doc.addPage();
      for (let row = 0; row < 30; row++) {
        doc.rect(56, 60 + row * 22, 200 + ((row * 37) % 280), 9).fill('#333333');
      }
    }
  });
}

/** The RFP as a Word document: headings, bullets and paragraphs. */
export function rfpDocx(text = sampleRfpText()): Promise<Buffer> {
  // Hard-wrapped prose lines are one paragraph in a Word document.
  const blocks: string[] = [];
  let prose = false;
  for (const line of text.split('\n')) {
    const mark = line.startsWith('#') || line.startsWith('- ') || line.trim() === '';
    if (!mark && prose) blocks[blocks.length - 1] += ` ${line.trim()}`;
    else if (line.trim() !== '') blocks.push(line);
    prose = !mark;
  }
  const paragraphs = blocks.map((line) => {
    if (line.startsWith('# '))
      return new Paragraph({ text: line.slice(2), heading: HeadingLevel.TITLE });
    if (line.startsWith('## '))
      return new Paragraph({ text: line.slice(3), heading: HeadingLevel.HEADING_1 });
    if (line.startsWith('- ')) return new Paragraph({ text: line.slice(2), bullet: { level: 0 } });
    return new Paragraph({ text: line });
  });
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}

/** A 1x1 PNG image. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(new URL('ecommerce-redesign.pdf', RFP_DIR), await rfpPdf());
  writeFileSync(new URL('ecommerce-redesign.docx', RFP_DIR), await rfpDocx());
}
