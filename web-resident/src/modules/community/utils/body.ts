/**
 * Comment and discussion bodies travel as HTML, which the service sanitises to a small safe subset
 * (paragraphs, line breaks, emphasis, lists, links). Residents write plain text: blank lines
 * separate paragraphs, single line breaks stay, and nothing they type is taken as markup.
 */

/** What a resident writes: a text, with a title for a discussion. */
export interface WritingValues {
  title: string;
  body: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Plain text as the HTML sent: one paragraph per block, `<br>` for single line breaks. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Stored HTML back as the plain text to edit (paragraphs become blank lines). */
export function htmlToText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote|ul|ol)>/gi, '$&\n\n');
  const doc = new DOMParser().parseFromString(`<body>${marked}</body>`, 'text/html');
  return (doc.body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether a text has anything to send (02 §5: a body is required). */
export function hasText(text: string): boolean {
  return text.trim().length > 0;
}
