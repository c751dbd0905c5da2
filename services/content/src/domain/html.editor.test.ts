import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html.js';

/**
 * The staff app's rich-text editor (web-admin/src/content/RichTextEditor.tsx) makes HTML that this
 * sanitiser keeps as it is. editor-output.fixture.html is what the editor made in its test
 * (web-admin/src/content/RichTextInput.test.tsx) of a text using every button of its toolbar:
 * headings, bold, italic, both lists (items in paragraphs), a quote, a link, an uploaded image and
 * a link to an uploaded attachment. If either side changes, one of the two tests fails.
 */
const EDITOR_OUTPUT = readFileSync(new URL('./editor-output.fixture.html', import.meta.url), 'utf8').trim();

/**
 * The same document, written the way sanitize-html writes it: it closes void elements as
 * `<img … />`, the editor as `<img …>`; nothing else may differ.
 */
const structure = (html: string) => html.replace(/\s*\/>/g, '>');

describe('sanitising what the staff editor makes', () => {
  it('keeps a text using every button of the editor unchanged', () => {
    expect(EDITOR_OUTPUT).toContain('<h2>');
    expect(structure(sanitizeRichText(EDITOR_OUTPUT))).toBe(EDITOR_OUTPUT);
  });

  it.each([
    ['headings of every level', '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>'],
    ['marks', '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>'],
    [
      'list items in paragraphs',
      '<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul><ol start="3"><li><p>c</p></li></ol>',
    ],
    ['a quote, a rule and a line break', '<blockquote><p>q</p></blockquote><hr><p>a<br>b</p>'],
    [
      'links of the allowed kinds',
      '<p><a href="mailto:a@example.com">m</a> <a href="tel:+358401234567">t</a> <a href="/api/content/assets/x">f</a></p>',
    ],
    ['an image in a paragraph', '<p>x<img src="/api/content/assets/x" alt="A yard"></p>'],
  ])('keeps %s', (_, html) => {
    expect(structure(sanitizeRichText(html))).toBe(html);
  });

  it('still removes what the editor never makes', () => {
    expect(sanitizeRichText('<p style="color:red" class="x"><a href="javascript:alert(1)">x</a></p>')).toBe(
      '<p><a>x</a></p>',
    );
  });
});
