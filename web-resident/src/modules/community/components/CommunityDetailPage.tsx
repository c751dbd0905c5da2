import { ApiError } from '@porta/web-kit';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { usePageMeta } from '../../layout';
import { RequireHousingCompany } from '../../news';
import { ReportDialog, type ReportTarget } from './ReportDialog';

/**
 * The page of one discussion or conversation: the way back to its list, then the item once read
 * (`render`), or the section's heading with the loader, the failure (with a retry), or `notFound`
 * when it is not there (or not the reader's). One report dialog serves everything on the page.
 */
export function CommunityDetailPage<T>(props: {
  back: { to: string; label: string };
  /** The section's name: the heading and title until the item is there. */
  section: string;
  query: UseQueryResult<T>;
  notFound: string;
  /** The page's title once the item is there. */
  titleOf(item: T): string;
  render(item: T, onReport: (target: ReportTarget) => void): ReactNode;
}) {
  return (
    <RequireHousingCompany>
      <Detail {...props} />
    </RequireHousingCompany>
  );
}

function Detail<T>({
  back,
  section,
  query,
  notFound,
  titleOf,
  render,
}: Parameters<typeof CommunityDetailPage<T>>[0]) {
  const item = query.data;
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  usePageMeta({ title: item === undefined ? section : titleOf(item) });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="page community">
      <p>
        <Link className="back-link" to={back.to}>
          {back.label}
        </Link>
      </p>
      {item !== undefined ? (
        render(item, setReporting)
      ) : (
        <>
          <h1>{section}</h1>
          <QueryStatus
            pending={query.isPending}
            error={query.error}
            message={missing ? notFound : undefined}
            onRetry={missing ? undefined : () => void query.refetch()}
          />
        </>
      )}
      {reporting && <ReportDialog target={reporting} onClose={() => setReporting(null)} />}
    </div>
  );
}
