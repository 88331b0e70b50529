import { EXPORT_HEADINGS, type QuoteExportModel } from './export-model.ts';
import {
  bulletList,
  COLORS,
  contentWidth,
  FONTS,
  heading,
  left,
  listItem,
  newPdf,
  pageFooters,
  pdfBuffer,
  plainParagraph,
  runsParagraph,
  SIZES,
  textBlocks,
  type Pdf,
} from './pdf-layout.ts';
import { pricingTable, totalsBlock } from './pdf-pricing.ts';

/**
 * The quote as an A4 PDF: a title block (quote title, client, freelancer, dates), then every
 * section under the headings of EXPORT_HEADINGS, the pricing table with its totals, and "Page n
 * of m" on every page. Sections the quote leaves empty are left out.
 */
export function renderQuotePdf(model: QuoteExportModel): Promise<Buffer> {
  const doc = newPdf({ title: model.title, author: model.freelancer.name });
  return pdfBuffer(doc, () => {
    titleBlock(doc, model);
    introSections(doc, model);
    timelineSection(doc, model);
    pricingSection(doc, model);
    closingSections(doc, model);
    pageFooters(doc, model.title);
  });
}

function titleBlock(doc: Pdf, model: QuoteExportModel): void {
  doc
    .font(FONTS.bold)
    .fontSize(SIZES.title)
    .fillColor(COLORS.text)
    .text(model.title, left(doc), doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
  const facts: Array<[string, string]> = [
    ['Prepared for', model.clientName],
    ['Prepared by', freelancerLine(model)],
    ['Date', model.issuedOn],
    ['Valid until', model.validUntil],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    runsParagraph(
      doc,
      [
        { text: `${label}: `, bold: true, italic: false },
        { text: value, bold: false, italic: false },
      ],
      { color: COLORS.muted },
    );
  }
  const y = doc.y + 8;
  doc
    .moveTo(left(doc), y)
    .lineTo(left(doc) + contentWidth(doc), y)
    .lineWidth(1)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 4;
}

function freelancerLine(model: QuoteExportModel): string {
  const { name, title, email } = model.freelancer;
  return [name, title, email].filter(Boolean).join(', ');
}

function introSections(doc: Pdf, model: QuoteExportModel): void {
  if (model.summary.length > 0) {
    heading(doc, EXPORT_HEADINGS.summary);
    textBlocks(doc, model.summary);
  }
  if (model.understanding.length > 0) {
    heading(doc, EXPORT_HEADINGS.understanding);
    textBlocks(doc, model.understanding);
  }
  if (model.scopeIn.length + model.scopeOut.length > 0) {
    heading(doc, EXPORT_HEADINGS.scope);
    if (model.scopeIn.length > 0) {
      heading(doc, EXPORT_HEADINGS.scopeIn, SIZES.subheading);
      bulletList(doc, model.scopeIn);
    }
    if (model.scopeOut.length > 0) {
      heading(doc, EXPORT_HEADINGS.scopeOut, SIZES.subheading);
      bulletList(doc, model.scopeOut);
    }
  }
  if (model.deliverables.length > 0) {
    heading(doc, EXPORT_HEADINGS.deliverables);
    for (const deliverable of model.deliverables) {
      listItem(doc, {
        level: 0,
        marker: null,
        runs: [
          { text: deliverable.title, bold: true, italic: false },
          ...(deliverable.description
            ? [{ text: `: ${deliverable.description}`, bold: false, italic: false }]
            : []),
        ],
      });
    }
  }
}

function timelineSection(doc: Pdf, model: QuoteExportModel): void {
  if (model.timeline.length === 0 && model.milestones.length === 0) return;
  heading(doc, EXPORT_HEADINGS.timeline);
  textBlocks(doc, model.timeline);
  model.milestones.forEach((milestone, index) => {
    const when = milestone.dueDate
      ? `due ${milestone.dueDate}`
      : `${milestone.durationDays} ${milestone.durationDays === 1 ? 'day' : 'days'}`;
    listItem(doc, {
      level: 0,
      marker: `${index + 1}.`,
      runs: [
        { text: milestone.name, bold: true, italic: false },
        { text: ` (${when}): ${milestone.amount}`, bold: false, italic: false },
      ],
    });
    if (milestone.deliverables.length > 0) {
      listItem(doc, {
        level: 1,
        marker: null,
        runs: [
          { text: `Delivers: ${milestone.deliverables.join('; ')}`, bold: false, italic: true },
        ],
      });
    }
  });
}

function pricingSection(doc: Pdf, model: QuoteExportModel): void {
  heading(doc, EXPORT_HEADINGS.pricing);
  plainParagraph(doc, `All amounts in ${model.currency}.`, {
    color: COLORS.muted,
    size: SIZES.small,
  });
  doc.moveDown(0.4);
  pricingTable(doc, model);
  totalsBlock(doc, model);
}

function closingSections(doc: Pdf, model: QuoteExportModel): void {
  if (model.assumptions.length > 0) {
    heading(doc, EXPORT_HEADINGS.assumptions);
    bulletList(doc, model.assumptions);
  }
  if (model.risks.length > 0) {
    heading(doc, EXPORT_HEADINGS.risks);
    for (const { risk, mitigation } of model.risks) {
      listItem(doc, {
        level: 0,
        marker: null,
        runs: [
          { text: risk, bold: true, italic: false },
          ...(mitigation ? [{ text: `: ${mitigation}`, bold: false, italic: false }] : []),
        ],
      });
    }
  }
  if (model.terms.length > 0) {
    heading(doc, EXPORT_HEADINGS.terms);
    textBlocks(doc, model.terms);
  }
  heading(doc, EXPORT_HEADINGS.validity);
  plainParagraph(doc, model.validity);
}
