import { DASHBOARD_CALENDAR_ITEMS } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { CalendarEntryRow, useCalendarList, useTaskStatus } from '../../news';

/**
 * The dashboard's tasks and events (01 §2, feature calendar): the next DASHBOARD_CALENDAR_ITEMS (4)
 * entries, tasks showing whether the user has done them, and a link to /news. A failed list is an
 * empty one (01 §8).
 */
export function TasksAndEventsBox() {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation('common');
  const calendar = useCalendarList(DASHBOARD_CALENDAR_ITEMS);
  const tasks = useTaskStatus();
  const entries = calendar.data?.items ?? [];

  return (
    <section className="card dashboard-box" aria-labelledby="dashboard-tasks-title">
      <h2 id="dashboard-tasks-title" className="card__title">
        {t('dashboard.tasksAndEvents')}
      </h2>
      {calendar.isLoading ? (
        <Loader />
      ) : entries.length === 0 ? (
        <p className="empty-state">{tc('empty.noUpdates')}</p>
      ) : (
        <ul className="calendar-list calendar-list--compact">
          {entries.map((entry) => (
            <li key={entry.id}>
              <CalendarEntryRow entry={entry} done={tasks.isDone(entry.id)} compact />
            </li>
          ))}
        </ul>
      )}
      <p className="dashboard-box__footer">
        <Link to="/news">{t('dashboard.tasksAndEventsLink')}</Link>
      </p>
    </section>
  );
}
