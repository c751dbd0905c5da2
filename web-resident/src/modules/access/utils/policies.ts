import type { FeatureId, MeResponse, Role } from '@porta/contracts';
import { hasAnyRole } from './roles';

/**
 * What a route asks of the user (01 §6):
 * - `features`: at least one of them is on in the current housing company;
 * - `roles`: the user holds one of them (aliases applied; admin passes every role check);
 * - `businessPartners`: business partners pass too, whatever their roles.
 */
export interface RoutePolicy {
  features?: readonly FeatureId[];
  roles?: readonly Role[];
  businessPartners?: boolean;
}

export type PolicyOutcome = 'allowed' | 'featureOff' | 'roleMissing';

/** The features that are on: keys of GET /features. */
export type EnabledFeatures = Partial<Record<FeatureId, unknown>>;

export function checkPolicy(
  policy: RoutePolicy | undefined,
  me: MeResponse,
  features: EnabledFeatures,
): PolicyOutcome {
  if (!policy) return 'allowed';
  if (policy.roles) {
    const partnerPasses = policy.businessPartners === true && me.user.isBusinessPartner;
    if (!partnerPasses && !hasAnyRole(me, policy.roles)) return 'roleMissing';
  }
  if (policy.features && !policy.features.some((feature) => Object.hasOwn(features, feature))) {
    return 'featureOff';
  }
  return 'allowed';
}

/** The feature policies of the resident routes (01 §6). */
export const COMMUNITY_FEATURES: readonly FeatureId[] = [
  'public-discussion',
  'neighbours',
  'area-discussion',
];

/** The document library (02 §2): either generation of the feature opens the same screens. */
export const DOCUMENT_FEATURES: readonly FeatureId[] = ['documents', 'documentsv2'];
