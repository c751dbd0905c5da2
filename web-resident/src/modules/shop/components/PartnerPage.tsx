import type { ShopPartnerPage } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { CardImage } from '../../../shared/ui/ImageFallback';
import { usePageMeta } from '../../layout';
import { telHref } from '../../support';
import { usePartner, useShopReader } from '../hooks/use-shop';
import { CampaignGrid } from './CampaignCardView';
import { PartnerRating } from './PartnerRating';
import { BackToShop, ShopDetail } from './ShopNotices';

/**
 * A partner page (/service-shop/partner/:id, /partner/:id; id or external id): logo, name, rating,
 * description, contact details and its campaigns the reader sees. An unknown partner is
 * 'Page not found'.
 */
export function PartnerPage() {
  const { id } = useParams();
  const reader = useShopReader();
  const result = usePartner(id, reader);

  return (
    <ShopDetail reader={reader} result={result}>
      {(partner) => <PartnerView partner={partner} />}
    </ShopDetail>
  );
}

function PartnerView({ partner }: { partner: ShopPartnerPage }) {
  const { t } = useTranslation(['support', 'common']);
  usePageMeta({ title: partner.name });
  const details = [
    partner.phone && { term: t('shop.phone'), value: <a href={telHref(partner.phone)}>{partner.phone}</a> },
    partner.email && {
      term: t('shop.email'),
      value: <a href={`mailto:${partner.email}`}>{partner.email}</a>,
    },
    partner.businessId && { term: t('shop.businessId'), value: partner.businessId },
    partner.country && { term: t('shop.country'), value: partner.country },
  ].filter((row) => !!row);

  return (
    <article className="page partner-page" aria-labelledby="partner-name">
      <BackToShop />
      <header className="partner-page__header">
        <CardImage
          className="partner-page__logo"
          src={partner.logoUrl}
          width={80}
          height={80}
          kind="partner"
          shape="square"
          name={partner.name}
          loading="eager"
        />
        <div>
          <h1 id="partner-name">{partner.name}</h1>
          <PartnerRating rating={partner.rating} ratingsCount={partner.ratingsCount} />
        </div>
      </header>
      {partner.imageUrl && (
        <img className="partner-page__image" src={partner.imageUrl} alt="" width={1600} height={900} />
      )}
      {partner.description && <p className="partner-page__description">{partner.description}</p>}
      {details.length > 0 && (
        <section className="card" aria-labelledby="partner-contact">
          <h2 id="partner-contact" className="card__title">
            {t('shop.contactDetails')}
          </h2>
          <dl className="details">
            {details.map((row) => (
              <div key={row.term} className="details__row">
                <dt>{row.term}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section className="shop-section" aria-labelledby="partner-campaigns">
        <h2 id="partner-campaigns">{t('shop.partnerCampaigns')}</h2>
        {partner.campaigns.length > 0 ? (
          <CampaignGrid campaigns={partner.campaigns} wide />
        ) : (
          <EmptyState title={t('shop.emptyPartnerTitle')} description={t('shop.emptyText')} />
        )}
      </section>
    </article>
  );
}
