import { ALWAYS_ON_FEATURES, type FeatureId } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_FEATURES } from '../../access';
// The box alone, not the documents module's pages: the dashboard's chunk stays small.
import { LatestDocumentsBox } from '../../documents/components/LatestDocumentsBox';
import { CorporateNewsBox, RecommendedArticlesBox } from '../../feeds';
import { usePageMeta } from '../../layout';
import { DashboardCampaigns } from '../../shop';
import { useCurrentUser } from '../../startup';
import { FeedbackBox } from './FeedbackBox';
import { HousingCompanyCard } from './HousingCompanyCard';
import { LatestNewsBox } from './LatestNewsBox';
import { QuickLinksBox } from './QuickLinksBox';
import { TasksAndEventsBox } from './TasksAndEventsBox';
import { WelcomeDialog } from './WelcomeDialog';

/**
 * The dashboard (/, 01 §2): the user's housing company, then each box whose feature is on — tasks
 * and events (calendar) and latest news (news; both always on), quick links, campaigns
 * (service-lounge), latest documents (documents or documentsv2), recommended articles (atp-feed),
 * corporate news (yit-corporation-news) — and the feedback box. The welcome dialog may open over it (01 §4).
 */
export function DashboardPage() {
  const { t } = useTranslation(['resident', 'common']);
  const { me, housingCompany, features } = useCurrentUser();
  usePageMeta({ title: t('dashboard.pageTitle') });
  const on = (feature: FeatureId) => ALWAYS_ON_FEATURES.includes(feature) || Object.hasOwn(features, feature);

  return (
    <div className="page dashboard">
      <h1 className="dashboard__welcome">{t('dashboard.welcome', { firstName: me.user.firstName })}</h1>

      <div className="dashboard__grid">
        <HousingCompanyCard me={me} housingCompany={housingCompany} />

        {housingCompany && (
          <>
            {on('calendar') && <TasksAndEventsBox />}
            {on('news') && <LatestNewsBox />}
            <QuickLinksBox key={housingCompany.id} housingCompanyId={housingCompany.id} />
            {DOCUMENT_FEATURES.some(on) && (
              <LatestDocumentsBox
                apartmentId={
                  housingCompany.apts.some((apt) => apt.id === me.selectedApartmentId)
                    ? me.selectedApartmentId
                    : null
                }
              />
            )}
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
