import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
  type FileChild,
} from 'docx';

import {
  blockParagraphs,
  bulletParagraphs,
  DOCX_PAGE,
  headingParagraph,
  listParagraph,
  plainParagraph,
  pricingTable,
  totalsParagraphs,
} from './docx-parts.ts';
import { EXPORT_HEADINGS, type QuoteExportModel } from './export-model.ts';

/**
 * The quote as a Word document (A4), with the same title block, sections, headings, pricing table
 * and totals as the PDF, and "Page n of m" in the footer.
 */
export function renderQuoteDocx(model: QuoteExportModel): Promise<Buffer> {
  const document = new Document({
    creator: model.freelancer.name || 'Bidwright',
    title: model.title,
    description: `Quote for ${model.clientName || 'the client'}`,
    sections: [
      {
        properties: {
          page: {
            size: { width: DOCX_PAGE.width, height: DOCX_PAGE.height },
            margin: {
              top: DOCX_PAGE.margin,
              bottom: DOCX_PAGE.margin,
              left: DOCX_PAGE.margin,
              right: DOCX_PAGE.margin,
            },
          },
        },
        footers: { default: footer(model) },
        children: [
          ...titleBlock(model),
          ...introSections(model),
          ...timelineSection(model),
          ...pricingSection(model),
          ...closingSections(model),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

function footer(model: QuoteExportModel): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({ text: `${model.title}    `, size: 16, color: '52606D' }),
          new TextRun({
            children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
            size: 16,
            color: '52606D',
          }),
        ],
      }),
    ],
  });
}

function titleBlock(model: QuoteExportModel): FileChild[] {
  const { name, title, email } = model.freelancer;
  const facts: Array<[string, string]> = [
    ['Prepared for', model.clientName],
    ['Prepared by', [name, title, email].filter(Boolean).join(', ')],
    ['Date', model.issuedOn],
    ['Valid until', model.validUntil],
  ];
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(model.title)] }),
    ...facts
      .filter(([, value]) => value !== '')
      .map(
        ([label, value]) =>
          new Paragraph({
            children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)],
          }),
      ),
  ];
}

function introSections(model: QuoteExportModel): FileChild[] {
  const out: FileChild[] = [];
  if (model.summary.length > 0) {
    out.push(headingParagraph(EXPORT_HEADINGS.summary), ...blockParagraphs(model.summary));
  }
  if (model.understanding.length > 0) {
    out.push(
      headingParagraph(EXPORT_HEADINGS.understanding),
      ...blockParagraphs(model.understanding),
    );
  }
  if (model.scopeIn.length + model.scopeOut.length > 0) {
    out.push(headingParagraph(EXPORT_HEADINGS.scope));
    if (model.scopeIn.length > 0) {
      out.push(headingParagraph(EXPORT_HEADINGS.scopeIn, 2), ...bulletParagraphs(model.scopeIn));
    }
    if (model.scopeOut.length > 0) {
      out.push(headingParagraph(EXPORT_HEADINGS.scopeOut, 2), ...bulletParagraphs(model.scopeOut));
    }
  }
  if (model.deliverables.length > 0) {
    out.push(headingParagraph(EXPORT_HEADINGS.deliverables));
    for (const deliverable of model.deliverables) {
      out.push(
        listParagraph({
          level: 0,
          marker: null,
          runs: [
            { text: deliverable.title, bold: true, italic: false },
            ...(deliverable.description
              ? [{ text: `: ${deliverable.description}`, bold: false, italic: false }]
              : []),
          ],
        }),
      );
    }
  }
  return out;
}

function timelineSection(model: QuoteExportModel): FileChild[] {
  if (model.timeline.length === 0 && model.milestones.length === 0) return [];
  const out: FileChild[] = [
    headingParagraph(EXPORT_HEADINGS.timeline),
    ...blockParagraphs(model.timeline),
  ];
  model.milestones.forEach((milestone, index) => {
    const when = milestone.dueDate
      ? `due ${milestone.dueDate}`
      : `${milestone.durationDays} ${milestone.durationDays === 1 ? 'day' : 'days'}`;
    out.push(
      listParagraph({
        level: 0,
        marker: `${index + 1}.`,
        runs: [
          { text: milestone.name, bold: true, italic: false },
          { text: ` (${when}): ${milestone.amount}`, bold: false, italic: false },
        ],
      }),
    );
    if (milestone.deliverables.length > 0) {
      out.push(
        listParagraph({
          level: 1,
          marker: null,
          runs: [
            { text: `Delivers: ${milestone.deliverables.join('; ')}`, bold: false, italic: true },
          ],
        }),
      );
    }
  });
  return out;
}

function pricingSection(model: QuoteExportModel): FileChild[] {
  return [
    headingParagraph(EXPORT_HEADINGS.pricing),
    plainParagraph(`All amounts in ${model.currency}.`, { muted: true }),
    pricingTable(model),
    ...totalsParagraphs(model),
  ];
}

function closingSections(model: QuoteExportModel): FileChild[] {
  const out: FileChild[] = [];
  if (model.assumptions.length > 0) {
    out.push(headingParagraph(EXPORT_HEADINGS.assumptions), ...bulletParagraphs(model.assumptions));
  }
  if (model.risks.length > 0) {
    out.push(headingParagraph(EXPORT_HEADINGS.risks));
    for (const { risk, mitigation } of model.risks) {
      out.push(
        listParagraph({
          level: 0,
          marker: null,
          runs: [
            { text: risk, bold: true, italic: false },
            ...(mitigation ? [{ text: `: ${mitigation}`, bold: false, italic: false }] : []),
          ],
        }),
      );
    }
  }
  if (model.terms.length > 0) {
    out.push(headingParagraph(EXPORT_HEADINGS.terms), ...blockParagraphs(model.terms));
  }
  out.push(headingParagraph(EXPORT_HEADINGS.validity), plainParagraph(model.validity));
  return out;
}
