import { Box } from '@mui/material';

interface SafeHtmlProps {
  /** HTML the content service answered with: it sanitises every HTML field when storing it. */
  html: string;
  /** Block (div) or inline (span). */
  component?: 'div' | 'span';
  className?: string;
}

/**
 * The one place in the staff app's content screens that renders HTML: only HTML that came from
 * the content service, which sanitises it when storing it (scripts, event handlers, styles,
 * iframes and javascript: links are removed). HTML typed in a form is previewed in a sandboxed
 * frame instead (see RichTextInput), never here.
 */
export function SafeHtml({ html, component = 'div', className }: SafeHtmlProps) {
  return (
    <Box
      component={component}
      className={className}
      sx={{ '& img': { maxWidth: '100%', height: 'auto' }, overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the content service (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
