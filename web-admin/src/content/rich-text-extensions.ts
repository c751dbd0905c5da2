import type { Extensions } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * What the rich-text editor knows, limited to what the content service's sanitiser keeps
 * (services/content/src/domain/html.ts): paragraphs, headings, bold, italic, underline,
 * strike-through, inline code, lists, quotes, rules, line breaks, links and images. Nothing that
 * adds classes or styles (alignment, colours, code blocks with a language) is on, since the
 * sanitiser would remove them.
 *
 * Lists come out as `<li><p>…</p></li>` and quotes as `<blockquote><p>…</p></blockquote>`; the
 * sanitiser keeps both (services/content/src/domain/html.editor.test.ts).
 */

/** Heading levels the toolbar offers: the page's own title is the h1. */
export const TOOLBAR_HEADING_LEVELS = [2, 3, 4] as const;

/** Addresses the link dialog takes: http(s), mailto and tel ones, and paths of this site. */
export function isAllowedHref(href: string): boolean {
  const value = href.trim();
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[^\s]+|\/(?!\/)[^\s]*)$/i.test(value);
}

/**
 * Link addresses kept when a stored text is read: those with a scheme the sanitiser keeps, and
 * addresses without a scheme (relative ones, #anchors) except protocol-relative `//…` ones.
 */
export function keepsHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return !scheme || ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase());
}

export const EDITOR_EXTENSIONS: Extensions = [
  StarterKit.configure({
    // Every level is read (stored texts may have them), the toolbar offers h2–h4.
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    // A code block with a language gets a class, which the sanitiser removes.
    codeBlock: false,
    // No empty paragraph kept at the end of the text (it would be stored).
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: false,
      linkOnPaste: true,
      defaultProtocol: 'https',
      protocols: [],
      // TipTap's own check (no javascript: and the like) and the sanitiser's schemes.
      isAllowedUri: (url, { defaultValidate }) => defaultValidate(url) && keepsHref(url),
      // No target or rel of its own: a link opens where links of the portal do.
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
  // An image stands in a paragraph, where the cursor is (`<p><img src alt></p>`).
  Image.configure({ inline: true, allowBase64: false }),
];
