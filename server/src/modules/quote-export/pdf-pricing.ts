import { PRICING_COLUMNS, type ExportLineItem, type QuoteExportModel } from './export-model.ts';
import {
  bottom,
  COLORS,
  contentWidth,
  ensureSpace,
  FONTS,
  left,
  SIZES,
  type Pdf,
} from './pdf-layout.ts';

/**
 * The pricing table and the totals under it. A row never splits: when the next row does not fit,
 * the table continues on a new page under its header row again.
 */

const PADDING = 5;
/** Column shares of the content width: item, qty, unit, rate, amount. */
const SHARES = [0.5, 0.08, 0.1, 0.14, 0.18] as const;
const ALIGN = ['left', 'right', 'left', 'right', 'right'] as const;

interface Column {
  x: number;
  width: number;
  align: 'left' | 'right';
}

function columnsOf(doc: Pdf): Column[] {
  const total = contentWidth(doc);
  let x = left(doc);
  return SHARES.map((share, index) => {
    const column = { x, width: total * share, align: ALIGN[index] ?? 'left' };
    x += column.width;
    return column;
  });
}

function headerRow(doc: Pdf, columns: readonly Column[]): void {
  const height = SIZES.body + PADDING * 2 + 2;
  const y = doc.y;
  doc.rect(left(doc), y, contentWidth(doc), height).fill(COLORS.band);
  doc.font(FONTS.bold).fontSize(SIZES.body).fillColor(COLORS.text);
  PRICING_COLUMNS.forEach((label, index) => {
    const column = columns[index];
    if (!column) return;
    doc.text(label, column.x + PADDING, y + PADDING, {
      width: column.width - PADDING * 2,
      align: column.align,
      lineBreak: false,
    });
  });
  doc.y = y + height;
}

/** The item cell: label, a note for optional lines, then the description in small type. */
function itemNote(line: ExportLineItem): string | null {
  if (!line.optional) return null;
  return line.included ? 'Optional, included' : 'Optional, not included in the total';
}

function itemCellHeight(doc: Pdf, line: ExportLineItem, width: number): number {
  doc.font(FONTS.bold).fontSize(SIZES.body);
  let height = doc.heightOfString(line.label, { width });
  const note = itemNote(line);
  doc.font(FONTS.italic).fontSize(SIZES.small);
  if (note) height += doc.heightOfString(note, { width }) + 1;
  doc.font(FONTS.regular).fontSize(SIZES.small);
  if (line.description) height += doc.heightOfString(line.description, { width }) + 2;
  return height;
}

function drawItemCell(doc: Pdf, line: ExportLineItem, column: Column, y: number): void {
  const width = column.width - PADDING * 2;
  const x = column.x + PADDING;
  doc.font(FONTS.bold).fontSize(SIZES.body).fillColor(COLORS.text);
  doc.text(line.label, x, y, { width });
  const note = itemNote(line);
  if (note) {
    doc.font(FONTS.italic).fontSize(SIZES.small).fillColor(COLORS.muted);
    doc.text(note, x, doc.y + 1, { width });
  }
  if (line.description) {
    doc.font(FONTS.regular).fontSize(SIZES.small).fillColor(COLORS.muted);
    doc.text(line.description, x, doc.y + 2, { width });
  }
}

function lineRow(doc: Pdf, line: ExportLineItem, columns: readonly Column[]): void {
  const [item, ...rest] = columns;
  if (!item) return;
  const values = [line.quantity, line.unit, line.rate, line.amount];
  doc.font(FONTS.regular).fontSize(SIZES.body);
  const valueHeights = values.map((value, index) =>
    doc.heightOfString(value, { width: (rest[index]?.width ?? 0) - PADDING * 2 }),
  );
  const cellHeight = Math.max(itemCellHeight(doc, line, item.width - PADDING * 2), ...valueHeights);
  const height = cellHeight + PADDING * 2;
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    headerRow(doc, columns);
  }
  const y = doc.y;
  drawItemCell(doc, line, item, y + PADDING);
  doc.font(FONTS.regular).fontSize(SIZES.body);
  doc.fillColor(line.included ? COLORS.text : COLORS.muted);
  values.forEach((value, index) => {
    const column = rest[index];
    if (!column) return;
    doc.text(value, column.x + PADDING, y + PADDING, {
      width: column.width - PADDING * 2,
      align: column.align,
    });
  });
  const end = y + height;
  doc
    .moveTo(left(doc), end)
    .lineTo(left(doc) + contentWidth(doc), end)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = end;
}

export function pricingTable(doc: Pdf, model: QuoteExportModel): void {
  const columns = columnsOf(doc);
  ensureSpace(doc, SIZES.body * 6);
  headerRow(doc, columns);
  for (const line of model.lineItems) lineRow(doc, line, columns);
  doc.fillColor(COLORS.text);
}

/** Subtotal, discount, tax and the total, right-aligned under the table, kept on one page. */
export function totalsBlock(doc: Pdf, model: QuoteExportModel): void {
  const rowHeight = SIZES.body * 1.7;
  doc.moveDown(0.5);
  ensureSpace(doc, rowHeight * (model.totalLines.length + 1) + 8);
  const width = contentWidth(doc);
  const labelX = left(doc) + width * 0.5;
  const labelWidth = width * 0.28;
  const amountX = labelX + labelWidth;
  const amountWidth = width - (amountX - left(doc)) - PADDING;
  const row = (label: string, amount: string, font: string, size: number) => {
    const y = doc.y;
    doc.font(font).fontSize(size).fillColor(COLORS.text);
    doc.text(label, labelX, y, { width: labelWidth, lineBreak: false });
    doc.text(amount, amountX, y, { width: amountWidth, align: 'right', lineBreak: false });
    doc.y = y + size * 1.7;
  };
  for (const line of model.totalLines) row(line.label, line.amount, FONTS.regular, SIZES.body);
  const ruleY = doc.y;
  doc
    .moveTo(labelX, ruleY)
    .lineTo(left(doc) + width, ruleY)
    .lineWidth(0.8)
    .strokeColor(COLORS.text)
    .stroke();
  doc.y = ruleY + 4;
  row(model.total.label, model.total.amount, FONTS.bold, SIZES.subheading + 1);
  doc.x = left(doc);
}
