import { useTranslation } from 'react-i18next';
import { PublicCard, usePageMeta } from '../../layout';

/** /maintenance (public, 01 §2): the maintenance break. */
export function MaintenancePage() {
  const { t } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('maintenance.pageTitle') });
  return (
    <PublicCard title={t('maintenance.pageTitle')}>
      <p>{t('maintenance.text')}</p>
      <p className="status-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('common:actions.reloadPage')}
        </button>
      </p>
    </PublicCard>
  );
}
