import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A quote section's markdown as HTML a stranger's browser can safely show: rendered with marked,
 * then cut down to text formatting. No scripts, styles, images, forms or event attributes survive;
 * links keep only http, https and mailto addresses and open without handing over the page.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // rel and target are the ones the link transform below sets.
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Headings inside a section sit below the section's own heading.
  transformTags: {
    h1: 'h3',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function markdownToSafeHtml(markdown: string): string {
  if (markdown.trim() === '') return '';
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}
