import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { CardImage } from '../../../shared/ui/ImageFallback';
import { Loader } from '../../../shared/ui/Loader';
import { usePageMeta } from '../../layout';
import { useCampaigns, usePartners, useShopReader } from '../hooks/use-shop';
import { ALL_CAMPAIGNS_PATH, partnerPath } from '../utils/links';
import { CampaignGrid } from './CampaignCardView';
import { NoHousingCompany } from './ShopNotices';

/** How many campaigns the landing page shows before 'all campaigns'. */
export const LANDING_CAMPAIGNS_SHOWN = 9;

/**
 * /service-shop (02 §2): the campaigns and advertisements the reader sees (sticky first, as the
 * service orders them), a link to all of them, and the partners offering them.
 */
export function ServiceShopPage() {
  const { t } = useTranslation(['support', 'common']);
  const title = t('shop.title');
  usePageMeta({ title });
  const reader = useShopReader();
  const { campaigns, pending } = useCampaigns(reader);
  const { partners } = usePartners(reader);
  const shown = campaigns.slice(0, LANDING_CAMPAIGNS_SHOWN);

  return (
    <div className="page service-shop">
      <h1>{title}</h1>
      {!reader ? (
        <NoHousingCompany />
      ) : (
        <>
          <section className="shop-section" aria-labelledby="shop-campaigns-title">
            <div className="box-header">
              <h2 id="shop-campaigns-title">{t('shop.campaigns')}</h2>
              {campaigns.length > 0 && (
                <Link className="box-header__link" to={ALL_CAMPAIGNS_PATH}>
                  {t('shop.allCampaignsLink', { count: campaigns.length })}
                </Link>
              )}
            </div>
            {pending ? (
              <Loader />
            ) : shown.length > 0 ? (
              <CampaignGrid campaigns={shown} wide />
            ) : (
              <EmptyState title={t('shop.emptyTitle')} description={t('shop.emptyText')} />
            )}
          </section>
          {partners.length > 0 && (
            <section className="shop-section" aria-labelledby="shop-partners-title">
              <h2 id="shop-partners-title">{t('shop.partners')}</h2>
              <ul className="partner-list">
                {partners.map((partner) => (
                  <li key={partner.id} className="partner-list__item">
                    <CardImage
                      className="partner-list__logo"
                      src={partner.logoUrl}
                      width={48}
                      height={48}
                      kind="partner"
                      shape="square"
                      name={partner.name}
                    />
                    <Link className="partner-list__link" to={partnerPath(partner.id)}>
                      {partner.name}
                    </Link>
                    <span className="muted">{t('shop.offerCount', { count: partner.campaignCount })}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
