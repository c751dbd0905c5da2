import { useMemo } from 'react';

/** Elements that run or pull in code; never kept. */
const ACTIVE_ELEMENTS = 'script, object, embed, base, meta, link';
/** Attributes that take an address. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href'];

/**
 * A second line of defence behind the server's sanitiser: drops script-like elements, event-handler
 * attributes and `javascript:` addresses. Parsed in a <template>, so nothing in it runs or loads.
 */
export function stripActiveContent(html: string): string {
  if (typeof document === 'undefined') return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll(ACTIVE_ELEMENTS)) element.remove();
  for (const element of template.content.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a scheme ('java\tscript:').
      const compact = [...value]
        .filter((ch) => ch.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (
        lower.startsWith('on') ||
        lower === 'srcdoc' ||
        (URL_ATTRIBUTES.includes(lower) && /^(javascript|vbscript|data:text\/html)/.test(compact))
      ) {
        element.removeAttribute(name);
      }
    }
  }
  return template.innerHTML;
}

/**
 * Content HTML from the content service (pages, FAQ answers, contact info, campaign and feed
 * texts). The service sanitises it before answering; this is the one place the app renders HTML.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => stripActiveContent(html), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the content service, stripped again above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
