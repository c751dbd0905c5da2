import { z } from 'zod';

/** Every feature id of 03 §3. */
export const FEATURE_IDS = [
  'news',
  'calendar',
  'navigationlink',
  'service-lounge',
  'material-selection',
  'service-requests',
  'project-camera',
  'one4all-bookings',
  'electrolux-bookings',
  'warranty',
  'area-discussion',
  'neighbours',
  'public-discussion',
  'consumption',
  'atp-feed',
  'iot-movement-sensor',
  'yit-corporation-news',
  'documents',
  'documentsv2',
  'faq',
  'admin-help-section',
  'email-letters',
  'hab',
  'partner-company-detail-cards',
] as const;
export const zFeatureId = z.enum(FEATURE_IDS);
export type FeatureId = z.infer<typeof zFeatureId>;

/** News and calendar are always active (03 §3). */
export const ALWAYS_ON_FEATURES: readonly FeatureId[] = ['news', 'calendar'];

export const zUserFeaturesQuery = z.strictObject({ housingCompanyId: z.uuid().optional() });
/** Features keyed by id with their settings (01 §7 getUserFeatures). */
export const zUserFeaturesResponse = z.object({
  features: z.partialRecord(zFeatureId, z.object({ settings: z.record(z.string(), z.unknown()) })),
});
export type UserFeaturesResponse = z.infer<typeof zUserFeaturesResponse>;

/** Public sign-in configuration for the login page. */
export const zLoginOptionsResponse = z.object({
  password: z.boolean(),
  /** The consumer (b2c) OpenID Connect login is configured. */
  b2c: z.boolean(),
});
export type LoginOptionsResponse = z.infer<typeof zLoginOptionsResponse>;
