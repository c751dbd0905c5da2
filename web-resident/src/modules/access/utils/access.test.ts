// @vitest-environment node
import type { MeResponse, Role } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { checkPolicy } from './policies';
import {
  hasAnyRole,
  isConsumptionManagerOnly,
  isPartnerOnly,
  managesNotificationSettings,
  usesSectionSwitcher,
} from './roles';

function holding(global: Role[], hcRoles: Role[] = [], aptRoles: Role[] = []): MeResponse {
  return meResponse(
    {
      hcs: [
        housingCompany({
          roles: hcRoles,
          apts: [{ id: IDS.demoApt, no: 'A 1', externalName: null, aptext: 'DEMO-1-A1', roles: aptRoles }],
        }),
      ],
    },
    { roles: global },
  );
}

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, { settings: {} }]));

describe('roles', () => {
  it('counts global, housing-company and apartment roles, with the aliases; admin passes every check', () => {
    expect(hasAnyRole(holding([], ['boardMember']), ['contributor'])).toBe(true);
    expect(hasAnyRole(holding(['yitProject']), ['yitUser'])).toBe(true);
    expect(hasAnyRole(holding([], [], ['tenant']), ['owner'])).toBe(false);
    expect(hasAnyRole(holding(['admin']), ['consumptionManager'])).toBe(true);
  });

  it('shows the section switcher to admin, yitUser and contributor only', () => {
    expect(usesSectionSwitcher(holding(['admin']))).toBe(true);
    expect(usesSectionSwitcher(holding(['yitBusinessAdmin']))).toBe(true);
    expect(usesSectionSwitcher(holding([], ['chairman']))).toBe(true);
    expect(usesSectionSwitcher(holding(['partner']))).toBe(false);
    expect(usesSectionSwitcher(holding([], [], ['owner']))).toBe(false);
  });

  it('finds a consumptionManager and nothing else', () => {
    expect(isConsumptionManagerOnly(holding(['consumptionManager']))).toBe(true);
    expect(isConsumptionManagerOnly(holding([], ['consumptionManager']))).toBe(true);
    expect(isConsumptionManagerOnly(holding(['consumptionManager'], [], ['owner']))).toBe(false);
    expect(isConsumptionManagerOnly(holding([]))).toBe(false);
  });

  it('finds partner-only users (no housing company, only partner roles)', () => {
    const partner = meResponse({ hcs: [] }, { roles: ['partner', 'rolePartner'] });
    expect(isPartnerOnly(partner)).toBe(true);
    expect(isPartnerOnly(holding(['partner'], [], ['owner']))).toBe(false);
    expect(isPartnerOnly(meResponse({ hcs: [] }, { roles: [] }))).toBe(false);
  });

  it('lets everyone but partners manage notification settings, as the notifications service does', () => {
    expect(managesNotificationSettings(holding([], [], ['owner']))).toBe(true);
    expect(managesNotificationSettings(holding([], ['boardMember']))).toBe(true);
    expect(managesNotificationSettings(holding(['partner']))).toBe(false);
    expect(managesNotificationSettings(holding(['rolePartner'], [], ['owner']))).toBe(false);
    expect(managesNotificationSettings(holding(['admin', 'partner']))).toBe(true);
  });
});

describe('route policies', () => {
  const owner = holding([], [], ['owner']);

  it('need at least one listed feature', () => {
    const policy = { features: ['public-discussion', 'neighbours'] as const };
    expect(checkPolicy(policy, owner, on('neighbours'))).toBe('allowed');
    expect(checkPolicy(policy, owner, on('faq'))).toBe('featureOff');
  });

  it('need a listed role; admin passes; business partners when the route lets them', () => {
    expect(checkPolicy({ roles: ['admin'] }, owner, {})).toBe('roleMissing');
    expect(checkPolicy({ roles: ['yitUser'] }, holding(['admin']), {})).toBe('allowed');
    const partner = meResponse({ hcs: [] }, { roles: [], isBusinessPartner: true });
    expect(checkPolicy({ roles: ['partner'] }, partner, {})).toBe('roleMissing');
    expect(checkPolicy({ roles: ['partner'], businessPartners: true }, partner, {})).toBe('allowed');
  });

  it('check roles before features, and allow routes without a policy', () => {
    expect(checkPolicy({ roles: ['admin'], features: ['faq'] }, owner, {})).toBe('roleMissing');
    expect(checkPolicy(undefined, owner, {})).toBe('allowed');
  });
});
