import { DASHBOARD_CAMPAIGNS_SHOWN } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { useCampaigns, useReaderOf } from '../hooks/use-shop';
import { SERVICE_SHOP_PATH } from '../utils/links';
import { CampaignGrid } from './CampaignCardView';
import { ServiceShopBanner } from './ServiceShopBanner';

/**
 * The dashboard's campaign box (01 §2, feature service-lounge): 6 random campaigns of the housing
 * company for the apartment, in two columns, with a link to the service shop; the service-shop
 * banner when there are none (or they cannot be fetched, 02 §8).
 */
export function DashboardCampaigns({
  housingCompanyId,
  apartmentId,
}: {
  housingCompanyId: string;
  apartmentId: string | null;
}) {
  const { t } = useTranslation('support');
  const reader = useReaderOf(housingCompanyId, apartmentId);
  const { campaigns, pending } = useCampaigns(reader, { random: true, limit: DASHBOARD_CAMPAIGNS_SHOWN });
  const shown = campaigns.slice(0, DASHBOARD_CAMPAIGNS_SHOWN);

  return (
    <section className="card dashboard-campaigns" aria-labelledby="dashboard-campaigns-title">
      <div className="box-header">
        <h2 id="dashboard-campaigns-title" className="card__title">
          {t('shop.dashboardTitle')}
        </h2>
        {shown.length > 0 && (
          <Link className="box-header__link" to={SERVICE_SHOP_PATH}>
            {t('shop.toShop')}
          </Link>
        )}
      </div>
      {pending ? <Loader /> : shown.length > 0 ? <CampaignGrid campaigns={shown} /> : <ServiceShopBanner />}
    </section>
  );
}
