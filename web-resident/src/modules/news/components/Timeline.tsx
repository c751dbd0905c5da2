import {
  CALENDAR_FEED_CATEGORIES,
  countedTimelineTags,
  type FeedCategory,
  type TimelineItem,
  timelineFilterTags,
  timelineTypesParam,
} from '@porta/contracts';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { useFormatters } from '../../../shared/utils/format';
import { useCurrentUser } from '../../startup';
import { useTimeline } from '../hooks/queries';
import { useContentLanguage } from '../hooks/use-news-api';
import { formatDaySpan, formatEntryTime } from '../utils/dates';
import { monthHeading, type TimelineBlock, timelineBlocks, timelineView } from '../utils/timeline';
import { TimelineFilter } from './TimelineFilter';

/** Scroll and resize handlers of the timeline wait this long (01 §9, 02 §9). */
export const TIMELINE_SCROLL_DEBOUNCE_MS = 300;

type TodayDirection = 'up' | 'down' | null;

const isCalendarItem = (type: FeedCategory) => (CALENDAR_FEED_CATEGORIES as readonly string[]).includes(type);

/** Where an item opens; articles offer a way back to the timeline. */
function itemPath(item: TimelineItem): string {
  return item.link.startsWith('/news/') ? `${item.link}?showLinkToTimeline=true` : item.link;
}

function TimelineCard({ item, index }: { item: TimelineItem; index: number }) {
  const { t } = useTranslation('news');
  const formatters = useFormatters();
  const when = isCalendarItem(item.type)
    ? formatEntryTime(item.date, item.dateEnd, formatters)
    : formatDaySpan(item.date, item.dateEnd, formatters);
  return (
    <article className={`timeline-item timeline-item--${item.type}`} data-index={index}>
      <div className="timeline-item__body">
        <p className="timeline-item__meta">
          <span className={`tag tag--${item.type}`}>{t(`types.${item.type}`)}</span>
          <time dateTime={item.date}>{when}</time>
          {item.isPriority && <span className="tag tag--priority">{t('badges.priority')}</span>}
          {item.type === 'step' && item.upcoming && (
            <span className="tag tag--upcoming">{t('badges.upcoming')}</span>
          )}
          {item.isYit && <span className="tag tag--muted">{t('badges.fromDeveloper')}</span>}
        </p>
        <h4 className="timeline-item__title">
          <Link to={itemPath(item)}>{item.title}</Link>
        </h4>
        {item.description && <p className="timeline-item__description">{item.description}</p>}
      </div>
      {item.thumbnail && (
        <img className="timeline-item__thumbnail" src={item.thumbnail} alt="" loading="lazy" />
      )}
    </article>
  );
}

/**
 * Which way today lies when the timeline is on screen but its Today marker is not: 'up' when the
 * marker is above the viewport, 'down' when below, else null. Measured when the list changes and
 * TIMELINE_SCROLL_DEBOUNCE_MS after scrolling or resizing stops.
 */
function useTodayDirection(
  marker: HTMLElement | null,
  container: HTMLElement | null,
  version: number,
): TodayDirection {
  const [direction, setDirection] = useState<TodayDirection>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-measures after the list changed
  useEffect(() => {
    if (!marker || !container) {
      setDirection(null);
      return;
    }
    const measure = () => {
      const viewport = window.innerHeight || document.documentElement.clientHeight;
      const area = container.getBoundingClientRect();
      if (area.bottom <= 0 || area.top >= viewport) {
        setDirection(null);
        return;
      }
      const box = marker.getBoundingClientRect();
      setDirection(box.bottom < 0 ? 'up' : box.top > viewport ? 'down' : null);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, TIMELINE_SCROLL_DEBOUNCE_MS);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [marker, container, version]);
  return direction;
}

/**
 * The timeline (02 §2, §4): news, calendar entries and lifecycle steps in month sections (YYYY-MM,
 * headed by the month and year) around a Today marker; 'Later' loads the next page of 50 through the
 * answer's cursor (and 'Earlier' the previous one); a floating button leads back to today; a modal
 * filters by type. A failed timeline is an empty timeline (02 §8).
 */
export function Timeline() {
  const { t } = useTranslation('news');
  const { features, housingCompany } = useCurrentUser();
  const language = useContentLanguage();
  const { date } = useFormatters();
  const { hash } = useLocation();
  const lifecycleSteps = housingCompany?.lifecycleStepsActive ?? false;
  const offered = useMemo(
    () => timelineFilterTags(Object.keys(features), lifecycleSteps),
    [features, lifecycleSteps],
  );
  const [chosen, setChosen] = useState<FeedCategory[]>([]);
  const selected = useMemo(() => chosen.filter((tag) => offered.includes(tag)), [chosen, offered]);
  const counted = countedTimelineTags(selected).length;
  const [filterOpen, setFilterOpen] = useState(false);

  const timeline = useTimeline(timelineTypesParam(selected));
  const view = useMemo(() => timelineView(timeline.data?.pages ?? []), [timeline.data]);
  const blocks = useMemo<TimelineBlock[]>(() => (view ? timelineBlocks(view) : []), [view]);
  const itemCount = view?.itemCount ?? 0;

  const sectionRef = useRef<HTMLElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  const direction = useTodayDirection(marker, body, itemCount);

  // Coming back from an article (/news#timeline): show the timeline once it is there.
  const loaded = view !== null;
  useEffect(() => {
    if (hash === '#timeline' && loaded) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  const loadLater = useCallback(async () => {
    const before = itemCount;
    const result = await timeline.fetchNextPage();
    if (result.isError) return;
    // Reading goes on with the first item that arrived.
    requestAnimationFrame(() => {
      body?.querySelector<HTMLElement>(`[data-index="${before}"] a`)?.focus();
    });
  }, [timeline, itemCount, body]);

  const backToToday = () => {
    if (!marker) return;
    marker.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    marker.focus({ preventScroll: true });
  };

  const todayMarker = (
    <div ref={setMarker} className="timeline__today" tabIndex={-1}>
      <span className="timeline__today-label">{t('timeline.today')}</span>
      {view && <time dateTime={view.today}>{date(view.today)}</time>}
    </div>
  );

  const failed = !timeline.data && timeline.isError;
  const pagingFailed = timeline.isFetchNextPageError || timeline.isFetchPreviousPageError;
  let index = 0;

  return (
    <section ref={sectionRef} id="timeline" className="timeline" aria-labelledby="timeline-title">
      <div className="timeline__header">
        <h2 id="timeline-title">{t('timeline.title')}</h2>
        <button
          type="button"
          className="button button--secondary timeline__filter-button"
          aria-haspopup="dialog"
          aria-label={counted > 0 ? t('timeline.filterCount', { count: counted }) : undefined}
          onClick={() => setFilterOpen(true)}
        >
          {t('timeline.filter')}
          {counted > 0 && (
            <span className="badge" aria-hidden="true">
              {counted}
            </span>
          )}
        </button>
      </div>

      {timeline.isLoading ? (
        <Loader />
      ) : failed || itemCount === 0 ? (
        <p className="empty-state timeline__empty">
          {selected.length > 0 && !failed ? t('timeline.emptyFiltered') : t('timeline.empty')}
        </p>
      ) : (
        <>
          {view?.hasEarlier && (
            <button
              type="button"
              className="button button--secondary timeline__more"
              onClick={() => void timeline.fetchPreviousPage()}
              disabled={timeline.isFetchingPreviousPage}
              aria-busy={timeline.isFetchingPreviousPage || undefined}
            >
              {timeline.isFetchingPreviousPage ? t('timeline.loading') : t('timeline.earlier')}
            </button>
          )}
          <div ref={setBody} className="timeline__body">
            {blocks.map((block) =>
              block.kind === 'marker' ? (
                <div key="today" className="timeline__between">
                  {todayMarker}
                </div>
              ) : (
                <section
                  key={block.month}
                  className="timeline__month"
                  aria-labelledby={`timeline-month-${block.month}`}
                >
                  <h3 id={`timeline-month-${block.month}`} className="timeline__month-title">
                    <time dateTime={block.month}>{monthHeading(block.month, language)}</time>
                  </h3>
                  <ol className="timeline__items">
                    {block.entries.map((entry) => {
                      if (entry.kind === 'marker') return <li key="today">{todayMarker}</li>;
                      const at = index++;
                      return (
                        <li key={entry.item.id}>
                          <TimelineCard item={entry.item} index={at} />
                        </li>
                      );
                    })}
                  </ol>
                </section>
              ),
            )}
          </div>
          {view?.hasLater && (
            <button
              type="button"
              className="button button--secondary timeline__more"
              onClick={() => void loadLater()}
              disabled={timeline.isFetchingNextPage}
              aria-busy={timeline.isFetchingNextPage || undefined}
            >
              {timeline.isFetchingNextPage ? t('timeline.loading') : t('timeline.later')}
            </button>
          )}
          {pagingFailed && (
            <p className="alert alert--error" role="alert">
              {t('timeline.loadFailed')}
            </p>
          )}
          {view?.finalized && <p className="muted timeline__end">{t('timeline.finalized')}</p>}
        </>
      )}

      {direction && (
        <button
          type="button"
          className={`back-to-today back-to-today--${direction}`}
          aria-label={direction === 'up' ? t('timeline.backToTodayUp') : t('timeline.backToTodayDown')}
          onClick={backToToday}
        >
          {direction === 'up' ? (
            <ArrowUpIcon aria-hidden="true" focusable="false" size={18} />
          ) : (
            <ArrowDownIcon aria-hidden="true" focusable="false" size={18} />
          )}{' '}
          {t('timeline.today')}
        </button>
      )}

      {filterOpen && (
        <TimelineFilter
          offered={offered}
          selected={selected}
          onApply={(next) => {
            setChosen(next);
            setFilterOpen(false);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
    </section>
  );
}
