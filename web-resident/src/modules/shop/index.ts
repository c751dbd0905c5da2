export { createShopApi, type ShopApi, type ShopReader } from './api/shop.api';
export { AllCampaignsPage } from './components/AllCampaignsPage';
export { CampaignDetailPage } from './components/CampaignDetailPage';
export { DashboardCampaigns } from './components/DashboardCampaigns';
export { DiscountBadge } from './components/DiscountBadge';
export { PartnerPage } from './components/PartnerPage';
export { ServiceShopPage } from './components/ServiceShopPage';
