import { StarIcon } from 'lucide-react';
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
        {Array.from({ length: STARS }, (_, i) => (
          <StarIcon
            // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed positions
            key={i}
            className={i < filled ? 'partner-rating__star' : 'partner-rating__star partner-rating__empty'}
            fill={i < filled ? 'currentColor' : 'none'}
            focusable="false"
            size={16}
          />
        ))}
      </span>
      <span className="partner-rating__value">{t('shop.rating', { rating: value })}</span>
      <span className="partner-rating__count muted">{t('shop.ratingsCount', { count: ratingsCount })}</span>
    </p>
  );
}
