import { ShoppingBagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_SHOP_PATH } from '../utils/links';

/**
 * The service-shop banner the dashboard shows when there are no campaigns (01 §2), with a bag
 * drawn faintly in its corner.
 */
export function ServiceShopBanner() {
  const { t } = useTranslation('support');
  return (
    <div className="shop-banner">
      <ShoppingBagIcon className="shop-banner__icon" aria-hidden="true" focusable="false" />
      <p className="shop-banner__title">{t('shop.bannerTitle')}</p>
      <p className="shop-banner__text">{t('shop.bannerText')}</p>
      <Link className="button button--primary" to={SERVICE_SHOP_PATH}>
        {t('shop.toShop')}
      </Link>
    </div>
  );
}
