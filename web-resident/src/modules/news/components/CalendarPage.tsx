import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Loader } from '../../../shared/ui/Loader';
import { usePageMeta } from '../../layout';
import { useCalendarPages, useTaskStatus } from '../hooks/queries';
import { CalendarEntryRow } from './CalendarEntryRow';
import { RequireHousingCompany } from './RequireHousingCompany';

/**
 * /calendar (02 §2): the coming tasks, events and deadlines, ten at a time. Tasks are marked done per
 * user through identity (02 §4).
 */
export function CalendarPage() {
  return (
    <RequireHousingCompany>
      <CalendarContent />
    </RequireHousingCompany>
  );
}

function CalendarContent() {
  const { t } = useTranslation('news');
  usePageMeta({ title: t('calendar.title') });
  const calendar = useCalendarPages();
  const tasks = useTaskStatus();
  const entries = calendar.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="page calendar-page">
      <Link className="back-link" to="/news">
        {t('news.backToNews')}
      </Link>
      <h1>{t('calendar.title')}</h1>
      <p className="muted">{t('calendar.intro')}</p>
      {tasks.failed && (
        <p className="alert alert--error" role="alert">
          {t('calendar.taskFailed')}
        </p>
      )}
      {calendar.isLoading ? (
        <Loader />
      ) : entries.length === 0 ? (
        <EmptyState
          title={t('calendar.emptyTitle')}
          description={t('calendar.emptyText')}
          action={{ label: t('calendar.emptyAction'), to: '/news' }}
        />
      ) : (
        <ul className="calendar-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <CalendarEntryRow
                entry={entry}
                headingLevel={2}
                done={tasks.isDone(entry.id)}
                onDoneChange={(done) => tasks.setDone(entry.id, done)}
              />
            </li>
          ))}
        </ul>
      )}
      {calendar.hasNextPage && (
        <button
          type="button"
          className="button button--secondary calendar-page__more"
          onClick={() => void calendar.fetchNextPage()}
          disabled={calendar.isFetchingNextPage}
          aria-busy={calendar.isFetchingNextPage || undefined}
        >
          {t('calendar.showMore')}
        </button>
      )}
    </div>
  );
}
