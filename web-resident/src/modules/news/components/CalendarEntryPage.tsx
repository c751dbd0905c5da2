import type { CalendarEntryDetailResponse } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';
import { useCalendarEntry, useTaskStatus } from '../hooks/queries';
import { formatEntryTime } from '../utils/dates';
import { Attachments, ContentImages, DetailStatus } from './ContentParts';
import { RequireHousingCompany } from './RequireHousingCompany';
import { SafeHtml } from './SafeHtml';
import { TaskToggle } from './TaskToggle';

/** /calendar/entry/:id (codename or uuid): one task, event or deadline. Past entries stay readable. */
export function CalendarEntryPage() {
  return (
    <RequireHousingCompany>
      <CalendarEntry />
    </RequireHousingCompany>
  );
}

/** A document-library link: inside the portal a route, elsewhere a new tab. */
function DocumentLink({ link }: { link: NonNullable<CalendarEntryDetailResponse['documentLibraryLink']> }) {
  const { t } = useTranslation('news');
  const label = link.title?.trim() || t('calendar.documents');
  if (link.path.startsWith('/')) return <Link to={link.path}>{label}</Link>;
  return (
    <a href={link.path} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

function CalendarEntry() {
  const { t } = useTranslation('news');
  const { id = '' } = useParams();
  const formatters = useFormatters();
  const query = useCalendarEntry(id);
  const tasks = useTaskStatus();
  const entry = query.data;
  usePageMeta({ title: entry?.title ?? t('calendar.title') });

  return (
    <article className="page content-detail">
      <div className="content-detail__back">
        <Link className="back-link" to="/calendar">
          {t('calendar.backToCalendar')}
        </Link>
      </div>
      {entry ? (
        <>
          <header className="content-detail__header">
            <p className="content-detail__meta">
              <span className={`tag tag--${entry.type}`}>{t(`types.${entry.type}`)}</span>
            </p>
            <h1>{entry.title}</h1>
          </header>
          <dl className="details">
            {entry.startAt && (
              <div className="details__row">
                <dt>{t('calendar.when')}</dt>
                <dd>
                  <time dateTime={entry.startAt}>
                    {formatEntryTime(entry.startAt, entry.endAt, formatters)}
                  </time>
                </dd>
              </div>
            )}
            {entry.location && (
              <div className="details__row">
                <dt>{t('calendar.location')}</dt>
                <dd>{entry.location}</dd>
              </div>
            )}
            {entry.documentLibraryLink && (
              <div className="details__row">
                <dt>{t('calendar.documents')}</dt>
                <dd>
                  <DocumentLink link={entry.documentLibraryLink} />
                </dd>
              </div>
            )}
          </dl>
          {entry.type === 'task' && (
            <TaskToggle
              title={entry.title}
              done={tasks.isDone(entry.id)}
              onChange={(done) => tasks.setDone(entry.id, done)}
            />
          )}
          {tasks.failed && (
            <p className="alert alert--error" role="alert">
              {t('calendar.taskFailed')}
            </p>
          )}
          <ContentImages images={entry.images} />
          {entry.content && <SafeHtml html={entry.content} />}
          <Attachments attachments={entry.attachments} />
          {(entry.authorName || entry.publishDate) && (
            <p className="muted">
              {[
                entry.authorName ? t('detail.author', { name: entry.authorName }) : null,
                entry.publishDate
                  ? t('detail.published', { date: formatters.date(entry.publishDate) })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </>
      ) : (
        <>
          <h1>{t('calendar.title')}</h1>
          <DetailStatus pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
    </article>
  );
}
