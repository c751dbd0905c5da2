export { InsufficientPrivileges } from './components/InsufficientPrivileges';
export { RequirePolicy } from './components/RequirePolicy';
export {
  COMMUNITY_FEATURES,
  checkPolicy,
  DOCUMENT_FEATURES,
  type EnabledFeatures,
  type PolicyOutcome,
  type RoutePolicy,
} from './utils/policies';
export {
  hasAnyRole,
  heldRoles,
  isConsumptionManagerOnly,
  isPartnerOnly,
  managesNotificationSettings,
  reachesAdminArea,
  SECTION_SWITCHER_ROLES,
  userRoles,
  usesSectionSwitcher,
} from './utils/roles';
