import type { CampaignDetail, ShopPartnerSummary } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CardImage } from '../../../shared/ui/ImageFallback';
import { SafeHtml } from '../../content-pages';
import { usePageMeta } from '../../layout';
import { useCampaign, useShopReader } from '../hooks/use-shop';
import { partnerPath } from '../utils/links';
import { CampaignValidity } from './CampaignValidity';
import { DiscountBadge } from './DiscountBadge';
import { PartnerRating } from './PartnerRating';
import { BackToShop, NewTabNote, ShopDetail } from './ShopNotices';

/**
 * A campaign or advertisement (/service-shop/campaign/:id, /campaign/:id,
 * /service-shop/advertisement/:id; id or codename): image, discount badge, texts, call to action,
 * extended content, attachments and the partner. One the reader does not see is 'Page not found'.
 */
export function CampaignDetailPage() {
  const { id } = useParams();
  const reader = useShopReader();
  const result = useCampaign(id, reader);

  return (
    <ShopDetail reader={reader} result={result}>
      {(campaign) => <CampaignView campaign={campaign} />}
    </ShopDetail>
  );
}

function CampaignView({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('support');
  usePageMeta({ title: campaign.title });
  const imageUrl = campaign.image?.url ?? campaign.imageUrl;
  const partnerName = campaign.partner?.name ?? campaign.partnerName;

  return (
    <article className="page campaign-detail" lang={campaign.language} aria-labelledby="campaign-title">
      <BackToShop />
      {imageUrl && (
        <div className="campaign-detail__media">
          <img className="campaign-detail__image" src={imageUrl} alt="" />
          <DiscountBadge percent={campaign.discountBadge} />
        </div>
      )}
      <header className="campaign-detail__header">
        {campaign.isAdvertisement && <p className="campaign-card__label">{t('shop.advertisement')}</p>}
        <h1 id="campaign-title">{campaign.title}</h1>
        {!imageUrl && <DiscountBadge percent={campaign.discountBadge} />}
        {partnerName && (
          <p className="campaign-detail__partner">
            {campaign.partner ? (
              <Link to={partnerPath(campaign.partner.id)}>{partnerName}</Link>
            ) : (
              partnerName
            )}
          </p>
        )}
        <CampaignValidity end={campaign.end} />
      </header>
      {campaign.content && <SafeHtml html={campaign.content} className="campaign-detail__content" />}
      {(campaign.ctaUrl || campaign.link) && (
        <div className="campaign-detail__actions">
          {campaign.ctaUrl && (
            <a
              className="button button--primary"
              href={campaign.ctaUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {campaign.ctaText || t('shop.ctaDefault')}
              <NewTabNote />
            </a>
          )}
          {campaign.link && (
            <a
              className="button button--secondary"
              href={campaign.link}
              target="_blank"
              rel="noopener noreferrer"
            >
              {campaign.linkText || t('shop.readMore')}
              <NewTabNote />
            </a>
          )}
        </div>
      )}
      {campaign.extendedContent && (
        <SafeHtml html={campaign.extendedContent} className="campaign-detail__extended" />
      )}
      {campaign.video && (
        <p>
          <a href={campaign.video} target="_blank" rel="noopener noreferrer">
            {t('shop.video')}
            <NewTabNote />
          </a>
        </p>
      )}
      {campaign.attachments.length > 0 && (
        <section className="campaign-detail__attachments" aria-labelledby="campaign-attachments">
          <h2 id="campaign-attachments">{t('shop.attachments')}</h2>
          <ul className="attachment-list">
            {campaign.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.fileName}>
                  {file.fileName}
                </a>{' '}
                <span className="muted">({formatFileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {campaign.partner && <PartnerSummary partner={campaign.partner} />}
    </article>
  );
}

/** The partner under a campaign, with a link to its page. */
function PartnerSummary({ partner }: { partner: ShopPartnerSummary }) {
  const { t } = useTranslation('support');
  return (
    <section className="card partner-summary" aria-labelledby="campaign-partner">
      <h2 id="campaign-partner" className="card__title">
        {t('shop.partner')}
      </h2>
      <div className="partner-summary__body">
        <CardImage
          className="partner-summary__logo"
          src={partner.logoUrl}
          width={80}
          height={80}
          kind="partner"
          shape="square"
          name={partner.name}
        />
        <div>
          <p className="card__lead">{partner.name}</p>
          <PartnerRating rating={partner.rating} ratingsCount={partner.ratingsCount} />
          <Link to={partnerPath(partner.id)}>{t('shop.partnerPage', { name: partner.name })}</Link>
        </div>
      </div>
    </section>
  );
}
