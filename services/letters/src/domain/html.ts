import sanitizeHtml from 'sanitize-html';

/**
 * A letter's HTML from the staff editor, sanitised before it is stored (issue 21): what e-mail
 * clients show alike — paragraphs, headings, emphasis, lists, quotes, rules and links (http,
 * https, mailto, tel). Scripts, styles, images, tables, forms, classes and event handlers go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeLetterHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
