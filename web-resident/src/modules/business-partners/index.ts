export { BusinessPartnerDashboardPage } from './components/BusinessPartnerDashboardPage';

export const BUSINESS_PARTNER_DASHBOARD_PATH = '/business-partners/dashboard';
