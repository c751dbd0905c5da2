import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ADMIN_PATH, usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';

/**
 * /business-partners/dashboard (01 §2, 03 §2): where business partners land. Their company's
 * details, users and operational area are kept in the staff app. Without a partner company yet, a
 * business partner is told who links the account to the company (the developer's partner
 * managers); staff who open the page are told what it lists.
 */
export function BusinessPartnerDashboardPage() {
  const { t } = useTranslation('resident');
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
          <EmptyState
            title={t('businessPartners.emptyTitle')}
            description={t(
              me.user.isBusinessPartner
                ? 'businessPartners.emptyPartnerText'
                : 'businessPartners.emptyStaffText',
            )}
          />
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
