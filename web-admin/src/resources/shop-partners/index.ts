import HandshakeIcon from '@mui/icons-material/Handshake';
import type { AdminShopPartner } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const ShopPartnerList = lazy(() => import('./ShopPartnerList'));
const ShopPartnerShow = lazy(() => import('./ShopPartnerShow'));
const ShopPartnerCreate = lazy(() => import('./ShopPartnerCreate'));
const ShopPartnerEdit = lazy(() => import('./ShopPartnerEdit'));

/** The `shop-partners` resource: service-shop partners (staff read; site editors write). */
export default function shopPartners(can: Capabilities) {
  return {
    list: ShopPartnerList,
    show: ShopPartnerShow,
    ...(can.siteContentWrite ? { create: ShopPartnerCreate, edit: ShopPartnerEdit } : {}),
    icon: HandshakeIcon,
    recordRepresentation: (partner: AdminShopPartner) => partner.name,
  };
}
