import {
  AlignmentType,
  HeadingLevel,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

import { PRICING_COLUMNS, type ExportLineItem, type QuoteExportModel } from './export-model.ts';
import type { ListItem, TextBlock, TextRun as Run } from './markdown-blocks.ts';

/** The Word document's building blocks: headings, styled paragraphs, lists and the pricing table. */

/** A4 with 2 cm margins, in twentieths of a point. */
export const DOCX_PAGE = { width: 11_906, height: 16_838, margin: 1_134 } as const;
const CONTENT_WIDTH = DOCX_PAGE.width - DOCX_PAGE.margin * 2;
const COLUMN_SHARES = [0.5, 0.08, 0.1, 0.14, 0.18] as const;
const MUTED = '52606D';
const BAND = 'F0F4F8';
/** Font sizes in half-points. */
const SMALL = 17;

export function headingParagraph(text: string, level: 1 | 2 = 1): Paragraph {
  return new Paragraph({
    heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
    keepNext: true,
    children: [new TextRun(text)],
  });
}

function runsOf(runs: readonly Run[], extra: { color?: string; size?: number } = {}): TextRun[] {
  return runs.flatMap((run) => {
    // A line break inside a run becomes a Word line break.
    const lines = run.text.split('\n');
    return lines.map(
      (line, index) =>
        new TextRun({
          text: line,
          ...(run.bold ? { bold: true } : {}),
          ...(run.italic ? { italics: true } : {}),
          ...(index > 0 ? { break: 1 } : {}),
          ...extra,
        }),
    );
  });
}

export function runsParagraph(runs: readonly Run[]): Paragraph {
  return new Paragraph({ spacing: { after: 120 }, children: runsOf(runs) });
}

export function plainParagraph(text: string, options: { muted?: boolean } = {}): Paragraph {
  return new Paragraph({
    spacing: { after: 120 },
    children: [new TextRun({ text, ...(options.muted ? { color: MUTED, size: SMALL } : {}) })],
  });
}

export function listParagraph(item: Pick<ListItem, 'runs' | 'level' | 'marker'>): Paragraph {
  const runs = item.marker
    ? [{ text: `${item.marker} `, bold: false, italic: false }, ...item.runs]
    : item.runs;
  if (item.marker) {
    // Numbered items keep the number the text had, indented like a list.
    return new Paragraph({
      indent: { left: 360 * (item.level + 1), hanging: 360 },
      spacing: { after: 60 },
      children: runsOf(runs),
    });
  }
  return new Paragraph({
    bullet: { level: item.level },
    spacing: { after: 60 },
    children: runsOf(runs),
  });
}

export function bulletParagraphs(items: readonly string[]): Paragraph[] {
  return items.map((text) =>
    listParagraph({ runs: [{ text, bold: false, italic: false }], level: 0, marker: null }),
  );
}

export function blockParagraphs(blocks: readonly TextBlock[]): Paragraph[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'heading') {
      return [
        new Paragraph({
          heading: HeadingLevel.HEADING_3,
          keepNext: true,
          children: runsOf(block.runs),
        }),
      ];
    }
    if (block.kind === 'paragraph') return [runsParagraph(block.runs)];
    return block.items.map(listParagraph);
  });
}

function cell(
  paragraphs: Paragraph[],
  index: number,
  options: { header?: boolean } = {},
): TableCell {
  const share = COLUMN_SHARES[index] ?? 0.1;
  return new TableCell({
    width: { size: Math.round(CONTENT_WIDTH * share), type: WidthType.DXA },
    margins: { top: 60, bottom: 60, left: 80, right: 80 },
    ...(options.header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: BAND } } : {}),
    children: paragraphs,
  });
}

const alignOf = (index: number) =>
  index === 0 || index === 2 ? AlignmentType.LEFT : AlignmentType.RIGHT;

function itemCell(line: ExportLineItem): TableCell {
  const paragraphs = [new Paragraph({ children: [new TextRun({ text: line.label, bold: true })] })];
  if (line.optional) {
    const note = line.included ? 'Optional, included' : 'Optional, not included in the total';
    paragraphs.push(
      new Paragraph({
        children: [new TextRun({ text: note, italics: true, color: MUTED, size: SMALL })],
      }),
    );
  }
  if (line.description) {
    paragraphs.push(
      new Paragraph({
        children: [new TextRun({ text: line.description, color: MUTED, size: SMALL })],
      }),
    );
  }
  return cell(paragraphs, 0);
}

/** The pricing table; its header row repeats on every page the table runs onto. */
export function pricingTable(model: QuoteExportModel): Table {
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: PRICING_COLUMNS.map((label, index) =>
      cell(
        [
          new Paragraph({
            alignment: alignOf(index),
            children: [new TextRun({ text: label, bold: true })],
          }),
        ],
        index,
        { header: true },
      ),
    ),
  });
  const rows = model.lineItems.map(
    (line) =>
      new TableRow({
        cantSplit: true,
        children: [
          itemCell(line),
          ...[line.quantity, line.unit, line.rate, line.amount].map((value, index) =>
            cell(
              [
                new Paragraph({
                  alignment: alignOf(index + 1),
                  children: [
                    new TextRun({ text: value, ...(line.included ? {} : { color: MUTED }) }),
                  ],
                }),
              ],
              index + 1,
            ),
          ),
        ],
      }),
  );
  return new Table({
    width: { size: CONTENT_WIDTH, type: WidthType.DXA },
    columnWidths: COLUMN_SHARES.map((share) => Math.round(CONTENT_WIDTH * share)),
    rows: [header, ...rows],
  });
}

/** Subtotal, discount, tax and the total as right-aligned lines, the total in bold. */
export function totalsParagraphs(model: QuoteExportModel): Paragraph[] {
  const line = (label: string, amount: string, bold: boolean) =>
    new Paragraph({
      alignment: AlignmentType.RIGHT,
      keepNext: true,
      spacing: { before: bold ? 120 : 40 },
      children: [
        new TextRun({ text: `${label}: `, bold }),
        new TextRun({ text: amount, bold, ...(bold ? { size: 26 } : {}) }),
      ],
    });
  return [
    ...model.totalLines.map((total) => line(total.label, total.amount, false)),
    line(model.total.label, model.total.amount, true),
  ];
}
