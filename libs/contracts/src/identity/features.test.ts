import { describe, expect, it } from 'vitest';
import { FEATURE_IDS, FEATURE_SETTINGS, parseFeatureSettings, zFeatureToggleRequest } from './features.js';

describe('feature settings', () => {
  it('has a settings schema for every feature id', () => {
    expect(Object.keys(FEATURE_SETTINGS).sort()).toEqual([...FEATURE_IDS].sort());
  });

  it('fills in the defaults of the spec', () => {
    expect(parseFeatureSettings('project-camera', { url: 'u' }).data).toEqual({
      url: 'u',
      navigationOrderNumber: 25,
    });
    expect(parseFeatureSettings('one4all-bookings', {}).data).toEqual({ navigationOrderNumber: 35 });
    expect(parseFeatureSettings('navigationlink', { links: [{ title: 't', href: 'h' }] }).data).toEqual({
      links: [{ title: 't', href: 'h', target: '_self' }],
    });
  });
});

describe('zFeatureToggleRequest', () => {
  it('checks settings by feature id, with the path of the field', () => {
    const r = zFeatureToggleRequest.safeParse({ featureId: 'electrolux-bookings', settings: {} });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path)).toEqual([['settings', 'showMainNavigationLink']]);
    expect(zFeatureToggleRequest.safeParse({ featureId: 'news', settings: {} }).success).toBe(true);
  });

  it('needs the schedule to end after it starts and each language once', () => {
    const from = '2026-01-01T00:00:00Z';
    expect(
      zFeatureToggleRequest.safeParse({ featureId: 'faq', visibleFrom: from, visibleUntil: from }).success,
    ).toBe(false);
    expect(
      zFeatureToggleRequest.safeParse({
        featureId: 'faq',
        visibleFrom: from,
        visibleUntil: '2026-01-02T00:00:00Z',
      }).success,
    ).toBe(true);
    expect(zFeatureToggleRequest.safeParse({ featureId: 'faq', languages: ['fi', 'fi'] }).success).toBe(
      false,
    );
  });
});
