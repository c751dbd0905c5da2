import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { FeatureToggle } from '@porta/contracts';
import { lazy } from 'react';

const FeatureToggleList = lazy(() => import('./FeatureToggleList'));
const FeatureToggleCreate = lazy(() => import('./FeatureToggleCreate'));
const FeatureToggleEdit = lazy(() => import('./FeatureToggleEdit'));

/** The `feature-toggles` resource (admin only). */
const featureToggles = {
  list: FeatureToggleList,
  create: FeatureToggleCreate,
  edit: FeatureToggleEdit,
  icon: ToggleOnIcon,
  recordRepresentation: (toggle: FeatureToggle) => `${toggle.featureId} (${toggle.scope})`,
};

export default featureToggles;
