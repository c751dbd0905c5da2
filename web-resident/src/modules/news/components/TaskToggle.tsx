import { useTranslation } from 'react-i18next';

/** The done check box of a calendar task (02 §4), named after the task. */
export function TaskToggle({
  title,
  done,
  onChange,
}: {
  title: string;
  done: boolean;
  onChange(done: boolean): void;
}) {
  const { t } = useTranslation('news');
  return (
    <label className="task-toggle">
      <input
        type="checkbox"
        checked={done}
        aria-label={t('calendar.markDone', { title })}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span aria-hidden="true">{t('calendar.doneLabel')}</span>
    </label>
  );
}
