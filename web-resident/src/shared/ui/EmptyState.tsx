import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What the reader can do about an empty list: a link to a page, or a button. */
export type EmptyStateAction = { label: string; to: string } | { label: string; onClick(): void };

/**
 * An empty list said in words: what the list is ("No service requests yet"), optionally why or
 * what to expect, and what to do next (the action) rather than a bare "No items found".
 */
export function EmptyState({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string;
  description?: string | undefined;
  action?: EmptyStateAction | undefined;
  className?: string | undefined;
  /** Anything more under the description (another link, a hint). */
  children?: ReactNode;
}) {
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'}>
      <p className="empty-state__title">{title}</p>
      {description && <p className="empty-state__description">{description}</p>}
      {children}
      {action &&
        ('to' in action ? (
          <Link className="button button--primary empty-state__action" to={action.to}>
            {action.label}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary empty-state__action"
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
    </div>
  );
}
