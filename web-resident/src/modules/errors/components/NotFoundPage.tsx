import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../layout';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageMeta({ title: t('errors.pageNotFound') });
  return (
    <section className="page page--narrow">
      <h1>{t('errors.pageNotFound')}</h1>
      <p>
        <Link to="/">{t('actions.goToHomepage')}</Link>
      </p>
    </section>
  );
}
