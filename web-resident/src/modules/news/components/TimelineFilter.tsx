import { type FeedCategory, TIMELINE_LINKED_TAGS, toggleTimelineFilter } from '@porta/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

/**
 * The timeline's type filter (02 §4) as a modal: a check box per offered tag. Tags that ride along
 * with another (deadline with task, priority_news with news) are not offered on their own while
 * their key tag is. Nothing chosen shows every type. 'Show' applies the choice; Escape or Close
 * leave it as it was.
 */
export function TimelineFilter({
  offered,
  selected,
  onApply,
  onClose,
}: {
  offered: readonly FeedCategory[];
  selected: readonly FeedCategory[];
  onApply(selected: FeedCategory[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation('news');
  const [draft, setDraft] = useState<FeedCategory[]>([...selected]);
  const firstRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const shown = useMemo(() => {
    const riding = new Set(
      Object.entries(TIMELINE_LINKED_TAGS)
        .filter(([key]) => offered.includes(key as FeedCategory))
        .map(([, value]) => value),
    );
    return offered.filter((tag) => !riding.has(tag));
  }, [offered]);

  return (
    <Modal title={t('timeline.filterTitle')} onClose={onClose} initialFocus={firstRef} describedBy={hintId}>
      <p id={hintId} className="muted">
        {t('timeline.filterHint')}
      </p>
      <fieldset className="timeline-filter">
        <legend className="visually-hidden">{t('timeline.filterTitle')}</legend>
        {shown.map((tag, i) => (
          <label key={tag} className="timeline-filter__option">
            <input
              ref={i === 0 ? firstRef : undefined}
              type="checkbox"
              checked={draft.includes(tag)}
              onChange={() => setDraft((current) => toggleTimelineFilter(current, tag))}
            />
            <span>{t(`timeline.filters.${tag}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="modal__actions timeline-filter__actions">
        <button type="button" className="button button--secondary" onClick={() => setDraft([])}>
          {t('timeline.filterClear')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('timeline.filterClose')}
        </button>
        <button type="button" className="button button--primary" onClick={() => onApply(draft)}>
          {t('timeline.filterApply')}
        </button>
      </div>
    </Modal>
  );
}
