import sanitizeHtml from 'sanitize-html';

/**
 * Bodies written by residents (community discussions and comments, service requests and their
 * responses) are HTML, sanitised on the server before they are stored, to a small safe subset: paragraphs and line breaks, bold, italic, underline and strike,
 * quotes, lists and links (http, https, mailto), which open in a new window without a handle on
 * the portal. Everything else goes: scripts, styles, images, iframes, event handlers, classes,
 * javascript: and data: addresses.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of (sanitised) HTML, without markup, entities decoded, blanks collapsed. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Does the (sanitised) HTML show any text? An empty body, blanks or only markup does not (02 §5). */
export function hasText(html: string): boolean {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|[\s\u00a0\u200b]/g, '').length > 0;
}

/**
 * Plain text (titles, report descriptions): kept as written and shown as text, never as HTML;
 * control characters become spaces (line breaks stay where multiline).
 */
export function plainText(text: string, options: { multiline?: boolean } = {}): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const control = code < 0x20 || code === 0x7f;
    out += control && !(options.multiline && ch === '\n') ? ' ' : ch;
  }
  return out.trim();
}
