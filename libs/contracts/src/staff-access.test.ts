import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.js';
import {
  passes,
  roleHolding,
  ruleImplies,
  STAFF_ACCESS,
  STAFF_MENU,
  staffCapabilities,
} from './staff-access.js';

describe('the staff access table', () => {
  it('lets admin through every rule', () => {
    const admin = staffCapabilities(roleHolding(['admin']));
    expect(Object.entries(admin).filter(([, value]) => !value)).toEqual([]);
  });

  it('counts a global rule only for roles held globally, an anywhere rule for roles held in a company too', () => {
    expect(passes(STAFF_ACCESS.campaignsRead, roleHolding(['yitMarketing']))).toBe(true);
    expect(passes(STAFF_ACCESS.campaignsRead, roleHolding([], ['yitMarketing']))).toBe(false);
    expect(passes(STAFF_ACCESS.editorialWrite, roleHolding([], ['boardMember']))).toBe(true);
    expect(passes(STAFF_ACCESS.editorialWrite, roleHolding([], ['owner']))).toBe(false);
  });

  it('lets a partner company’s users into their own company, not into the campaigns', () => {
    const managerOfAPartnerCompany = roleHolding([], ['propertyManager'], 1);
    expect(passes(STAFF_ACCESS.partnerOwnCompany, managerOfAPartnerCompany)).toBe(true);
    expect(passes(STAFF_ACCESS.campaignsRead, managerOfAPartnerCompany)).toBe(false);
    expect(passes(STAFF_ACCESS.campaignsRead, roleHolding(['rolePartner']))).toBe(true);
  });

  it('gives residents nothing of the staff app', () => {
    for (const role of ['owner', 'tenant', 'familyMember'] as const) {
      const resident = staffCapabilities(roleHolding([], [role]));
      expect(Object.entries(resident).filter(([, value]) => value)).toEqual([]);
    }
  });

  it('decides whether one rule lets in everyone another lets in', () => {
    expect(ruleImplies(STAFF_ACCESS.feedbackRead, STAFF_ACCESS.adminArea)).toBe(true);
    expect(ruleImplies(STAFF_ACCESS.contentRead, STAFF_ACCESS.editorialRead)).toBe(true);
    expect(ruleImplies(STAFF_ACCESS.editorialRead, STAFF_ACCESS.contentRead)).toBe(false);
    expect(ruleImplies(STAFF_ACCESS.partnerOwnCompany, STAFF_ACCESS.campaignsRead)).toBe(false);
    expect(ruleImplies(STAFF_ACCESS.consumption, STAFF_ACCESS.adminArea)).toBe(false);
  });

  it('names every menu entry once, each with a rule of the table', () => {
    const entries = STAFF_MENU.flatMap((section) => section.entries);
    expect(new Set(entries.map((entry) => entry.resource)).size).toBe(entries.length);
    for (const entry of entries) expect(Object.keys(STAFF_ACCESS)).toContain(entry.access);
  });

  it('shows every menu entry only to roles of the admin area', () => {
    for (const entry of STAFF_MENU.flatMap((section) => section.entries)) {
      expect(ruleImplies(STAFF_ACCESS[entry.access], STAFF_ACCESS.adminArea), entry.resource).toBe(true);
    }
    expect(ROLES.length).toBeGreaterThan(20);
  });
});
