import type { CalendarListItem } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { formatEntryTime } from '../utils/dates';
import { TaskToggle } from './TaskToggle';

/** Where a calendar entry opens. */
export function calendarEntryPath(entry: { codename: string }): string {
  return `/calendar/entry/${encodeURIComponent(entry.codename)}`;
}

/**
 * One calendar entry in a list: its type, when, the title linking to the entry, the location and
 * (in full lists) the excerpt. Tasks carry their done state; with `onDoneChange` it can be changed.
 */
export function CalendarEntryRow({
  entry,
  done,
  onDoneChange,
  compact = false,
  headingLevel = 3,
}: {
  entry: CalendarListItem;
  done: boolean;
  onDoneChange?: (done: boolean) => void;
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('news');
  const formatters = useFormatters();
  const Heading = `h${headingLevel}` as const;
  const isTask = entry.type === 'task';
  return (
    <article className={`calendar-entry calendar-entry--${entry.type}${done ? ' calendar-entry--done' : ''}`}>
      <p className="calendar-entry__meta">
        <span className={`tag tag--${entry.type}`}>{t(`types.${entry.type}`)}</span>
        {entry.startAt && (
          <time dateTime={entry.startAt}>{formatEntryTime(entry.startAt, entry.endAt, formatters)}</time>
        )}
        {isTask && done && !onDoneChange && <span className="tag tag--done">{t('badges.done')}</span>}
      </p>
      <Heading className="calendar-entry__title">
        <Link to={calendarEntryPath(entry)}>{entry.title}</Link>
      </Heading>
      {entry.location && (
        <p className="calendar-entry__location">
          <span className="visually-hidden">{t('calendar.location')}: </span>
          {entry.location}
        </p>
      )}
      {!compact && entry.excerpt && <p className="calendar-entry__excerpt">{entry.excerpt}</p>}
      {isTask && onDoneChange && <TaskToggle title={entry.title} done={done} onChange={onDoneChange} />}
    </article>
  );
}
