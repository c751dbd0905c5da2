import { Fragment, type ReactNode } from 'react';

/**
 * An e-mail address with line-break opportunities after the @ and after each dot, so that a
 * narrow column wraps it where a reader expects ("maria.manager@" / "demo.porta.test") instead
 * of in the middle of a word.
 */
export function breakableEmail(email: string): ReactNode[] {
  const parts = email.split(/(?<=[@.])/);
  return parts.map((part, index) =>
    index < parts.length - 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
      <Fragment key={index}>
        {part}
        <wbr />
      </Fragment>
    ) : (
      part
    ),
  );
}

/** A mailto: link showing the address with sensible break points. */
export function EmailLink({ email, className }: { email: string; className?: string }) {
  return (
    <a className={className ? `email-link ${className}` : 'email-link'} href={`mailto:${email}`}>
      {breakableEmail(email)}
    </a>
  );
}
