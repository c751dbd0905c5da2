import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Previous and next page links of an archive (?page=n) with 'Page n of m'; nothing for one page. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation('support');
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('feeds.pagination')}>
      {page > 1 ? (
        <Link
          className="button button--secondary"
          to={{ search: page === 2 ? '' : `?page=${page - 1}` }}
          rel="prev"
        >
          {t('feeds.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination__status">{t('feeds.pageOf', { page, pages: Math.max(pages, 1) })}</span>
      {page < pages ? (
        <Link className="button button--secondary" to={{ search: `?page=${page + 1}` }} rel="next">
          {t('feeds.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
