import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A discussion or conversation in its list: its name leading to it, what `children` tell of it,
 * and a line of figures (`stats`). The reader's own is highlighted.
 */
export function ListCard({
  to,
  title,
  own = false,
  stats,
  children,
}: {
  to: string;
  title: string;
  own?: boolean;
  stats: readonly string[];
  children?: ReactNode;
}) {
  return (
    <li className={own ? 'card discussion-card discussion-card--own' : 'card discussion-card'}>
      <h2 className="discussion-card__title">
        <Link to={to}>{title}</Link>
      </h2>
      {children}
      <p className="discussion-card__stats">
        {stats.map((stat, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the figures keep their places
          <span key={i}>{stat}</span>
        ))}
      </p>
    </li>
  );
}
