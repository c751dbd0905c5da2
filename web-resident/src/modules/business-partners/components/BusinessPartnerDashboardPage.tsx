import { useTranslation } from 'react-i18next';
import { ADMIN_PATH, usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';

/**
 * /business-partners/dashboard (01 §2, 03 §2): where business partners land. Their company's
 * details, users and operational area are kept in the staff app.
 */
export function BusinessPartnerDashboardPage() {
  const { t } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('sections.businessPartners') });
  const { me } = useCurrentUser();
  const companies = me.user.partnerCompanies;

  return (
    <section className="page" aria-labelledby="business-partners-title">
      <h1 id="business-partners-title">{t('sections.businessPartners')}</h1>
      <p>{t('businessPartners.intro')}</p>
      <section className="card" aria-labelledby="business-partners-companies">
        <h2 id="business-partners-companies" className="card__title">
          {t('businessPartners.companies')}
        </h2>
        {companies.length === 0 ? (
          <p className="empty-state">{t('common:empty.noItems')}</p>
        ) : (
          <ul>
            {companies.map((company) => (
              <li key={company.id}>{company.name}</li>
            ))}
          </ul>
        )}
      </section>
      <p className="status-page__actions">
        <a className="button button--primary" href={ADMIN_PATH}>
          {t('businessPartners.openAdministration')}
        </a>
      </p>
    </section>
  );
}
