import type { CampaignCard } from '@porta/contracts';

/** The service shop's landing page (01 §2 links it with a trailing slash). */
export const SERVICE_SHOP_PATH = '/service-shop/';
export const ALL_CAMPAIGNS_PATH = '/service-shop/all-campaigns';

/** Where a card leads: /service-shop/campaign/… or /service-shop/advertisement/… by codename. */
export function campaignPath(campaign: Pick<CampaignCard, 'isAdvertisement' | 'codename' | 'id'>): string {
  const kind = campaign.isAdvertisement ? 'advertisement' : 'campaign';
  return `/service-shop/${kind}/${encodeURIComponent(campaign.codename || campaign.id)}`;
}

export function partnerPath(partnerId: string): string {
  return `/service-shop/partner/${encodeURIComponent(partnerId)}`;
}
