import { describe, expect, it } from 'vitest';
import { hasText, plainText, sanitizeBody } from './html.js';

describe('comment bodies: a small safe subset of HTML', () => {
  it('keeps formatting, lists, quotes and safe links', () => {
    const html =
      '<p>Hi <strong>all</strong>, <em>see</em> <u>this</u> <s>not</s><br>' +
      '<a href="https://example.org/x?a=1">link</a> <a href="mailto:a@b.fi">mail</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>';
    expect(sanitizeBody(html)).toBe(
      '<p>Hi <strong>all</strong>, <em>see</em> <u>this</u> <s>not</s><br />' +
        '<a href="https://example.org/x?a=1" target="_blank" rel="noopener noreferrer nofollow">link</a> ' +
        '<a href="mailto:a@b.fi" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>',
    );
  });

  it.each([
    ['a script', '<p>x<script>alert(1)</script></p>', '<p>x</p>'],
    ['an event handler', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'a protocol-relative link',
      '<a href="//evil.example">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['an image', '<img src="https://e.org/a.png" onerror="x()">', ''],
    ['an iframe', '<iframe src="https://e.org"></iframe>y', 'y'],
    ['styles and classes', '<p style="color:red" class="big">x</p><style>p{}</style>', '<p>x</p>'],
    [
      'a forged rel and target',
      '<a href="https://e.org" target="_self" rel="opener">x</a>',
      '<a href="https://e.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
  ])('removes %s', (_what, html, expected) => {
    expect(sanitizeBody(html)).toBe(expected);
  });

  it('tells whether a body shows any text', () => {
    for (const empty of [
      '',
      '  ',
      '<p></p>',
      '<p> <br> </p>',
      '<p>&nbsp;</p>',
      '\u00a0',
      '<script>x</script>',
    ]) {
      expect(hasText(sanitizeBody(empty)), JSON.stringify(empty)).toBe(false);
    }
    for (const text of ['x', '<p>0</p>', '<p>&amp;</p>', '<a href="https://e.org">link</a>']) {
      expect(hasText(sanitizeBody(text)), text).toBe(true);
    }
  });

  it('keeps plain text as written, without control characters', () => {
    expect(plainText('  Tom & <Jerry>\u0000 ')).toBe('Tom & <Jerry>');
    expect(plainText('a\nb\tc')).toBe('a b c');
    expect(plainText('a\nb\tc', { multiline: true })).toBe('a\nb c');
  });
});
