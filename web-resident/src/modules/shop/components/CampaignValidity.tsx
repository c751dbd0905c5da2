import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/utils/format';

/** 'Valid until …' of a campaign that has an end date. */
export function CampaignValidity({ end }: { end: string | null }) {
  const { t } = useTranslation('support');
  const { date } = useFormatters();
  if (!end) return null;
  return <p className="campaign-validity muted">{t('shop.validUntil', { date: date(end) })}</p>;
}
