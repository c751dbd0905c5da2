import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { FetchedPage } from '../../content-pages';
import type { ShopReader } from '../api/shop.api';
import { SERVICE_SHOP_PATH } from '../utils/links';

/** The way back to the landing page, above detail pages. */
export function BackToShop() {
  const { t } = useTranslation('support');
  return (
    <p className="back-link">
      <Link to={SERVICE_SHOP_PATH}>{t('shop.backToShop')}</Link>
    </p>
  );
}

/** Shown instead of the shop when the user has no housing company to read it for. */
export function NoHousingCompany() {
  const { t } = useTranslation('common');
  return <Alert tone="error">{t('errors.housingCompanyMissing')}</Alert>;
}

/**
 * A detail page of the shop (a campaign, a partner): the fetched page (see `FetchedPage`), or the
 * note that there is no housing company to read the shop for.
 */
export function ShopDetail<T>({
  reader,
  result,
  children,
}: {
  reader: ShopReader | null;
  result: UseQueryResult<T>;
  children(data: T): ReactNode;
}) {
  if (!reader) {
    return (
      <div className="page">
        <NoHousingCompany />
      </div>
    );
  }
  return <FetchedPage result={result}>{children}</FetchedPage>;
}

/** ' (opens in a new tab)' for assistive technology, after a link's text. */
export function NewTabNote() {
  const { t } = useTranslation('support');
  return (
    <>
      {' '}
      <span className="visually-hidden">{t('shop.opensInNewTab')}</span>
    </>
  );
}
