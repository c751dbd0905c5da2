/**
 * Rich text from the content and community services. Both sanitise every HTML they store (scripts,
 * event handlers, styles, iframes and javascript: links are removed), so their HTML may be rendered
 * as is; this is the only place the resident app renders HTML, and only such HTML may be given to it.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const classes = className ? `rich-text ${className}` : 'rich-text';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the content service sanitised this HTML when storing it
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
