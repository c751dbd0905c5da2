import { useTranslation } from 'react-i18next';

/** The discount badge (02 §5): the service answers the percentage times 100, e.g. 15 → '-15 %'. */
export function DiscountBadge({ percent }: { percent: number | null }) {
  const { t } = useTranslation('support');
  if (percent === null || percent <= 0) return null;
  return (
    <span className="discount-badge">
      <span aria-hidden="true">{t('shop.discount', { percent })}</span>
      <span className="visually-hidden">{t('shop.discountLabel', { percent })}</span>
    </span>
  );
}
