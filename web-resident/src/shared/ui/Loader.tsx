import { useTranslation } from 'react-i18next';

/** A centred spinner announced to screen readers as a status. */
export function Loader({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={fullScreen ? 'loader loader--full' : 'loader'} role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('status.loading')}</span>
    </div>
  );
}
