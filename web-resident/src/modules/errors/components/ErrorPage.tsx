import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../layout';

/**
 * The application error page (01 §8): startup failed for a reason other than a missing session.
 * Both ways out reload the app so that startup runs again.
 */
export function ErrorPage() {
  const { t } = useTranslation('common');
  usePageMeta({ title: t('errors.somethingWentWrong') });
  return (
    <main className="status-page" id="main">
      <div className="status-page__card">
        <h1>{t('errors.somethingWentWrong')}</h1>
        <p>{t('errors.pageCouldNotBeLoaded')}</p>
        <div className="status-page__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('actions.reloadPage')}
          </button>
          <a className="button button--secondary" href="/">
            {t('actions.goToHomepage')}
          </a>
        </div>
      </div>
    </main>
  );
}
