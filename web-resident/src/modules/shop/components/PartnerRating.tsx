import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/utils/format';

const STARS = 5;

/** A partner's rating out of 5 with the number of ratings; stars are decoration for the text. */
export function PartnerRating({ rating, ratingsCount }: { rating: number | null; ratingsCount: number }) {
  const { t } = useTranslation('support');
  const { language } = useFormatters();
  if (rating === null) return <p className="partner-rating muted">{t('shop.noRatings')}</p>;
  const value = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(rating);
  const filled = Math.round(Math.min(Math.max(rating, 0), STARS));
  return (
    <p className="partner-rating">
      <span className="partner-rating__stars" aria-hidden="true">
        {'★'.repeat(filled)}
        <span className="partner-rating__empty">{'★'.repeat(STARS - filled)}</span>
      </span>
      <span className="partner-rating__value">{t('shop.rating', { rating: value })}</span>
      <span className="partner-rating__count muted">{t('shop.ratingsCount', { count: ratingsCount })}</span>
    </p>
  );
}
