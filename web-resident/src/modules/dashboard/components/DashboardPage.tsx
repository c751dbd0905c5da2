import { useTranslation } from 'react-i18next';
import { housingCompanyName } from '../../identity';
import { usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';

/**
 * The dashboard (/): greets the user and shows the current housing company. The feature boxes of
 * 01 §2 (tasks, news, quick links, campaigns, …) arrive with their feature areas.
 */
export function DashboardPage() {
  const { t } = useTranslation(['resident', 'common']);
  const { me, housingCompany } = useCurrentUser();
  usePageMeta({ title: t('dashboard.pageTitle') });
  const apartment = housingCompany?.apts.find((a) => a.id === me.selectedApartmentId) ?? null;
  const name = housingCompany ? housingCompanyName(housingCompany, me.user) : null;
  // Under the name as the user knows it: the address, or the company's own name when the address
  // already serves as its name (Finnish companies, 01 §6).
  const address = [housingCompany?.addressStreet, housingCompany?.addressCity].filter(Boolean).join(', ');
  const companyName = housingCompany ? housingCompany.marketingName?.trim() || housingCompany.name : null;
  const detail =
    name === companyName ? address : [companyName, housingCompany?.addressCity].filter(Boolean).join(', ');

  return (
    <div className="page dashboard">
      <h1 className="dashboard__welcome">{t('dashboard.welcome', { firstName: me.user.firstName })}</h1>

      <div className="dashboard__grid">
        <section className="card" aria-labelledby="dashboard-housing-company">
          <h2 id="dashboard-housing-company" className="card__title">
            {t('dashboard.housingCompany')}
          </h2>
          {housingCompany ? (
            <>
              <p className="card__lead">{name}</p>
              {detail && <p className="muted">{detail}</p>}
              {apartment && <p>{t('dashboard.apartment', { no: apartment.externalName ?? apartment.no })}</p>}
            </>
          ) : (
            <p className="empty-state">{t('dashboard.noHousingCompany')}</p>
          )}
        </section>

        <section className="card" aria-labelledby="dashboard-updates">
          <h2 id="dashboard-updates" className="card__title">
            {t('dashboard.updates')}
          </h2>
          <p className="empty-state">{t('common:empty.noUpdates')}</p>
        </section>
      </div>
    </div>
  );
}
