import StorefrontIcon from '@mui/icons-material/Storefront';
import type { AdminCampaign } from '@porta/contracts';
import { createElement, lazy } from 'react';
import { Route } from 'react-router';
import type { Capabilities } from '../../auth/access';
import { contentRoutes } from '../../content/routes';

const CampaignList = lazy(() => import('./CampaignList'));
const CampaignShow = lazy(() => import('./CampaignShow'));
const CampaignCreate = lazy(() => import('./CampaignCreate'));
const CampaignEdit = lazy(() => import('./CampaignEdit'));
const AdvertisementWizard = lazy(() => import('./AdvertisementWizard'));

/**
 * The `campaigns` resource (03 §2 /admin/campaigns: list, new, edit/{id}, created/{id}; yitUser and
 * partner) with the advertisement wizard at /admin/campaigns/wizard (a draft resumes at
 * /admin/campaigns/wizard/{id}).
 */
export default function campaigns(can: Capabilities) {
  return {
    list: CampaignList,
    show: CampaignShow,
    ...(can.campaignsWrite ? { create: CampaignCreate, edit: CampaignEdit } : {}),
    icon: StorefrontIcon,
    recordRepresentation: (campaign: AdminCampaign) => campaign.title,
    children: [
      ...contentRoutes('campaigns', { canWrite: (c) => c.campaignsWrite, writable: can.campaignsWrite }),
      can.campaignsWrite
        ? createElement(Route, {
            key: 'wizard',
            path: 'wizard/*',
            element: createElement(AdvertisementWizard),
          })
        : null,
    ],
  };
}
