import HandshakeIcon from '@mui/icons-material/Handshake';
import type { PartnerCompany } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const PartnerCompanyList = lazy(() => import('./PartnerCompanyList'));
const PartnerCompanyShow = lazy(() => import('./PartnerCompanyShow'));
const PartnerCompanyEdit = lazy(() => import('./PartnerCompanyEdit'));
const PartnerCompanyCreate = lazy(() => import('./PartnerCompanyCreate'));

/** The `partner-companies` resource for a viewer: staff read; partner managers create and edit. */
export default function partnerCompanies(can: Capabilities) {
  return {
    list: PartnerCompanyList,
    show: PartnerCompanyShow,
    ...(can.partnersManage ? { edit: PartnerCompanyEdit, create: PartnerCompanyCreate } : {}),
    icon: HandshakeIcon,
    recordRepresentation: (company: PartnerCompany) => company.name,
  };
}
