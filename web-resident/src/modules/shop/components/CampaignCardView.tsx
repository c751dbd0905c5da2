import type { CampaignCard } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '../../../shared/ui/ImageFallback';
import { campaignPath } from '../utils/links';
import { CampaignValidity } from './CampaignValidity';
import { DiscountBadge } from './DiscountBadge';

/**
 * A campaign or advertisement card: image (the designed fallback when it has none), discount badge,
 * title (the link), partner and end date.
 */
export function CampaignCardView({
  campaign,
  headingLevel = 3,
}: {
  campaign: CampaignCard;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('support');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="campaign-card" lang={campaign.language}>
      <div className="campaign-card__media">
        <CardImage
          className="campaign-card__image"
          src={campaign.imageUrl}
          kind="campaign"
          name={campaign.title}
        />
        <DiscountBadge percent={campaign.discountBadge} />
      </div>
      <div className="campaign-card__body">
        {campaign.isAdvertisement && <p className="campaign-card__label">{t('shop.advertisement')}</p>}
        <Heading className="campaign-card__title">
          <Link className="campaign-card__link" to={campaignPath(campaign)}>
            {campaign.title}
          </Link>
        </Heading>
        {campaign.partnerName && <p className="campaign-card__partner">{campaign.partnerName}</p>}
        <CampaignValidity end={campaign.end} />
      </div>
    </article>
  );
}

/** Cards in a grid (two columns on wide screens, three with `wide`). */
export function CampaignGrid({
  campaigns,
  headingLevel,
  wide = false,
}: {
  campaigns: readonly CampaignCard[];
  headingLevel?: 2 | 3;
  wide?: boolean;
}) {
  return (
    <ul className={wide ? 'campaign-grid campaign-grid--wide' : 'campaign-grid'}>
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCardView campaign={campaign} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
