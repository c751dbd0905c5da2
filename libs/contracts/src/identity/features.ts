import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';

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

// ---------------------------------------------------------------------------------------------
// Settings per feature (03 §3). Every feature not listed has no settings (an empty object).

export const zNavigationLink = z.strictObject({
  title: z.string().trim().min(1),
  href: z.string().trim().min(1),
  language: z.enum(LANGUAGES).optional(),
  target: z.enum(['_self', '_blank']).default('_self'),
  icon: z.string().optional(),
});
export const zNavigationLinkSettings = z.strictObject({ links: z.array(zNavigationLink).default([]) });
export const zMaterialSelectionSettings = z.strictObject({
  disableStudioIntegration: z.boolean().default(false),
});
export const zProjectCameraSettings = z.strictObject({
  url: z.string().trim().min(1),
  kenticoCodename: z.string().optional(),
  navigationOrderNumber: z.number().int().default(25),
});
export const zOne4allBookingsSettings = z.strictObject({
  showPin: z.boolean().optional(),
  useCalendar: z.boolean().optional(),
  moduleId: z.string().optional(),
  navigationOrderNumber: z.number().int().default(35),
});
export const zElectroluxBookingsSettings = z.strictObject({ showMainNavigationLink: z.boolean() });
export const zConsumptionSettings = z.strictObject({
  water: z.boolean().optional(),
  electricity: z.boolean().optional(),
  temperature: z.boolean().optional(),
});
export const zNoSettings = z.strictObject({});

/** The settings schema of each feature id. */
export const FEATURE_SETTINGS = {
  news: zNoSettings,
  calendar: zNoSettings,
  navigationlink: zNavigationLinkSettings,
  'service-lounge': zNoSettings,
  'material-selection': zMaterialSelectionSettings,
  'service-requests': zNoSettings,
  'project-camera': zProjectCameraSettings,
  'one4all-bookings': zOne4allBookingsSettings,
  'electrolux-bookings': zElectroluxBookingsSettings,
  warranty: zNoSettings,
  'area-discussion': zNoSettings,
  neighbours: zNoSettings,
  'public-discussion': zNoSettings,
  consumption: zConsumptionSettings,
  'atp-feed': zNoSettings,
  'iot-movement-sensor': zNoSettings,
  'yit-corporation-news': zNoSettings,
  documents: zNoSettings,
  documentsv2: zNoSettings,
  faq: zNoSettings,
  'admin-help-section': zNoSettings,
  'email-letters': zNoSettings,
  hab: zNoSettings,
  'partner-company-detail-cards': zNoSettings,
} as const satisfies Record<FeatureId, z.ZodType>;
export type FeatureSettings<F extends FeatureId> = z.output<(typeof FEATURE_SETTINGS)[F]>;

/** Validate settings of a feature and fill in defaults. */
export function parseFeatureSettings(featureId: FeatureId, settings: unknown) {
  return FEATURE_SETTINGS[featureId].safeParse(settings) as z.ZodSafeParseResult<Record<string, unknown>>;
}

// ---------------------------------------------------------------------------------------------
// Feature toggles administration (03 §3, §7): global or per building-taxonomy term.

export const GLOBAL_SCOPE = 'global';
/**
 * 'global' or the id of a building-taxonomy term (a taxonomy term of the group buildingtaxonomy).
 * A toggle of a term applies to the housing companies of that term and of the terms below it; the
 * nearest scope of a housing company decides (its term, then the parent terms, then global).
 */
export const zFeatureScope = z.union([z.literal(GLOBAL_SCOPE), zUuid], {
  error: "Scope must be 'global' or the id of a building taxonomy term",
});
export const zLanguageCode = z.enum(LANGUAGES);

const zFeatureToggleFields = {
  featureId: zFeatureId,
  scope: zFeatureScope.default(GLOBAL_SCOPE),
  settings: z.record(z.string(), z.unknown()).default({}),
  /** Visible from this moment (inclusive); absent or null: no start. */
  visibleFrom: zIsoDateTime.nullable().optional(),
  /** Visible until this moment (exclusive); absent or null: no end. */
  visibleUntil: zIsoDateTime.nullable().optional(),
  /** Only for these languages; absent or null: every language. */
  languages: z.array(zLanguageCode).min(1).nullable().optional(),
  active: z.boolean().default(true),
};

/** Settings checked by feature id; the schedule must end after it starts; languages once each. */
function checkToggle(
  value: {
    featureId: FeatureId;
    settings: Record<string, unknown>;
    visibleFrom?: string | null;
    visibleUntil?: string | null;
    languages?: readonly string[] | null;
  },
  ctx: z.RefinementCtx,
) {
  const parsed = parseFeatureSettings(value.featureId, value.settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ ...issue, path: ['settings', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
    }
  }
  if (
    value.visibleFrom &&
    value.visibleUntil &&
    Date.parse(value.visibleUntil) <= Date.parse(value.visibleFrom)
  ) {
    ctx.addIssue({ code: 'custom', path: ['visibleUntil'], message: 'The end must be after the start' });
  }
  if (value.languages && new Set(value.languages).size !== value.languages.length) {
    ctx.addIssue({ code: 'custom', path: ['languages'], message: 'Each language only once' });
  }
}

/** Create (POST) and replace (PUT) body. */
export const zFeatureToggleRequest = z.strictObject(zFeatureToggleFields).superRefine(checkToggle);
export type FeatureToggleRequest = z.infer<typeof zFeatureToggleRequest>;

export const zFeatureToggle = z.object({
  id: zUuid,
  featureId: zFeatureId,
  scope: z.string(),
  settings: z.record(z.string(), z.unknown()),
  visibleFrom: z.string().nullable(),
  visibleUntil: z.string().nullable(),
  languages: z.array(zLanguageCode).nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeatureToggle = z.infer<typeof zFeatureToggle>;

export const FEATURE_TOGGLE_SORT_FIELDS = ['featureId', 'scope', 'active', 'createdAt', 'updatedAt'] as const;
export const zFeatureToggleListQuery = zAdminListQuery(
  {
    featureId: zFeatureId.optional(),
    scope: zFeatureScope.optional(),
    active: z.boolean().optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  FEATURE_TOGGLE_SORT_FIELDS,
);
export type FeatureToggleListQuery = z.infer<typeof zFeatureToggleListQuery>;
export const zFeatureToggleList = z.array(zFeatureToggle);
export const zFeatureToggleParams = z.strictObject({ id: zUuid });

// ---------------------------------------------------------------------------------------------
// The resident's features (01 §7 getUserFeatures).

export const zUserFeaturesQuery = z.strictObject({
  housingCompanyId: z.uuid().optional(),
  /** Language restrictions of toggles are checked against this; default en. */
  lang: zLanguageCode.optional(),
});
/** A housing company's features in the staff app (/admin/housing-company/{id}/features). */
export const zAdminHousingCompanyFeaturesQuery = z.strictObject({ lang: zLanguageCode.optional() });
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
