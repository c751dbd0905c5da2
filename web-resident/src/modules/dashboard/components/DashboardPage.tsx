import { ALWAYS_ON_FEATURES, type FeatureId } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { CorporateNewsBox, RecommendedArticlesBox } from '../../feeds';
import { housingCompanyName } from '../../identity';
import { usePageMeta } from '../../layout';
import { DashboardCampaigns } from '../../shop';
import { useCurrentUser } from '../../startup';
import { FeedbackBox } from './FeedbackBox';
import { LatestNewsBox } from './LatestNewsBox';
import { QuickLinksBox } from './QuickLinksBox';
import { TasksAndEventsBox } from './TasksAndEventsBox';
import { WelcomeDialog } from './WelcomeDialog';

/**
 * The dashboard (/, 01 §2): the user's housing company, then each box whose feature is on — tasks
 * and events (calendar) and latest news (news; both always on), quick links, campaigns
 * (service-lounge), recommended articles (atp-feed), corporate news (yit-corporation-news) — and
 * the feedback box. The welcome dialog may open over it (01 §4).
 */
export function DashboardPage() {
  const { t } = useTranslation(['resident', 'common']);
  const { me, housingCompany, features } = useCurrentUser();
  usePageMeta({ title: t('dashboard.pageTitle') });
  const on = (feature: FeatureId) => ALWAYS_ON_FEATURES.includes(feature) || Object.hasOwn(features, feature);
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

        {housingCompany && (
          <>
            {on('calendar') && <TasksAndEventsBox />}
            {on('news') && <LatestNewsBox />}
            <QuickLinksBox key={housingCompany.id} housingCompanyId={housingCompany.id} />
            {on('service-lounge') && (
              <div className="dashboard__wide">
                <DashboardCampaigns
                  housingCompanyId={housingCompany.id}
                  apartmentId={me.selectedApartmentId}
                />
              </div>
            )}
            {on('atp-feed') && <RecommendedArticlesBox />}
            {on('yit-corporation-news') && <CorporateNewsBox />}
            <FeedbackBox key={`feedback-${housingCompany.id}`} housingCompanyId={housingCompany.id} />
          </>
        )}
      </div>

      {housingCompany && <WelcomeDialog housingCompany={housingCompany} />}
    </div>
  );
}
