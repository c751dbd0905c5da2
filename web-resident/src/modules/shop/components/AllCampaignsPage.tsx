import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Loader } from '../../../shared/ui/Loader';
import { usePageMeta } from '../../layout';
import { useCampaigns, useShopReader } from '../hooks/use-shop';
import { CampaignGrid } from './CampaignCardView';
import { BackToShop, NoHousingCompany } from './ShopNotices';

/** /service-shop/all-campaigns (02 §2): every campaign and advertisement the reader sees (at most 99). */
export function AllCampaignsPage() {
  const { t } = useTranslation(['support', 'common']);
  const title = t('shop.allCampaigns');
  usePageMeta({ title });
  const reader = useShopReader();
  const { campaigns, pending } = useCampaigns(reader);

  return (
    <div className="page service-shop">
      <BackToShop />
      <h1>{title}</h1>
      {!reader ? (
        <NoHousingCompany />
      ) : pending ? (
        <Loader />
      ) : campaigns.length > 0 ? (
        <CampaignGrid campaigns={campaigns} headingLevel={2} wide />
      ) : (
        <EmptyState title={t('shop.emptyTitle')} description={t('shop.emptyText')} />
      )}
    </div>
  );
}
