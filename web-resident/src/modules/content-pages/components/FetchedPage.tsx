import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { NotFoundPage } from '../../errors/components/NotFoundPage';
import { isMissingPage } from '../hooks/use-public-page';

/**
 * A detail page fetched by its address: `children` shows it once loaded; one the server does not
 * know (or the reader does not see) is 'Page not found'; meanwhile a loader, or the failure with a
 * button that tries again (01 §8).
 */
export function FetchedPage<T>({
  result,
  children,
}: {
  result: UseQueryResult<T>;
  children(data: T): ReactNode;
}) {
  if (result.data) return children(result.data);
  if (result.isError && isMissingPage(result.error)) return <NotFoundPage />;
  return (
    <div className="page">
      <QueryStatus pending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
    </div>
  );
}
