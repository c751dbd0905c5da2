import ApartmentIcon from '@mui/icons-material/Apartment';
import type { AdminHousingCompany } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const HousingCompanyList = lazy(() => import('./HousingCompanyList'));
const HousingCompanyShow = lazy(() => import('./HousingCompanyShow'));
const HousingCompanyEdit = lazy(() => import('./HousingCompanyEdit'));
const HousingCompanyCreate = lazy(() => import('./HousingCompanyCreate'));
export const HousingCompanyWizard = lazy(() => import('./HousingCompanyWizard'));

/** The `housing-companies` resource for a viewer: staff read; editors also create and edit. */
export default function housingCompanies(can: Capabilities) {
  return {
    list: HousingCompanyList,
    show: HousingCompanyShow,
    ...(can.housingCompaniesEdit ? { edit: HousingCompanyEdit, create: HousingCompanyCreate } : {}),
    icon: ApartmentIcon,
    recordRepresentation: (hc: AdminHousingCompany) => hc.name,
  };
}
