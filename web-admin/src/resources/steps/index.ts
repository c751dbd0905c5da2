import TimelineIcon from '@mui/icons-material/Timeline';
import type { AdminStep } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const StepList = lazy(() => import('./StepList'));
const StepShow = lazy(() => import('./StepShow'));
const StepCreate = lazy(() => import('./StepCreate'));
const StepEdit = lazy(() => import('./StepEdit'));
export const HousingCompanySteps = lazy(() => import('./HousingCompanySteps'));

/**
 * The `steps` resource: lifecycle steps of housing companies (03 §2 /admin/housing-company/{id}/steps:
 * admin, yitBusinessAdmin, yitProject, yitMarketing write; staff read).
 */
export default function steps(can: Capabilities) {
  return {
    list: StepList,
    show: StepShow,
    ...(can.stepsWrite ? { create: StepCreate, edit: StepEdit } : {}),
    icon: TimelineIcon,
    recordRepresentation: (step: AdminStep) => step.title,
  };
}
