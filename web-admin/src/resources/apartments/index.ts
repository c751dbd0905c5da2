import DoorFrontIcon from '@mui/icons-material/DoorFront';
import type { AdminApartment } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const ApartmentList = lazy(() => import('./ApartmentList'));
const ApartmentShow = lazy(() => import('./ApartmentShow'));
const ApartmentEdit = lazy(() => import('./ApartmentEdit'));
const ApartmentCreate = lazy(() => import('./ApartmentCreate'));

/** The `apartments` resource for a viewer: staff read; housing-company editors create and edit. */
export default function apartments(can: Capabilities) {
  return {
    list: ApartmentList,
    show: ApartmentShow,
    ...(can.housingCompaniesEdit ? { edit: ApartmentEdit, create: ApartmentCreate } : {}),
    icon: DoorFrontIcon,
    recordRepresentation: (apartment: AdminApartment) => apartment.aptext,
  };
}
