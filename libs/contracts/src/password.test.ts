import { describe, expect, it } from 'vitest';
import { languageOfLocale } from './constants.js';
import { checkPassword } from './password.js';
import { effectiveRoles } from './roles.js';

describe('checkPassword', () => {
  it.each([
    ['Demo-Portal-2026', true],
    ['abcdEFGH', false], // two classes
    ['abcdEF12', true],
    ['abcd-123', true],
    ['Ab1-', false], // too short
    [`${'a'.repeat(250)}B1-`, true],
    [`${'a'.repeat(255)}B1-`, false], // 258 characters
  ])('%s → %s', (password, ok) => {
    expect(checkPassword(password).ok).toBe(ok);
  });
});

describe('languageOfLocale', () => {
  it('uses only the part before the underscore and falls back to English', () => {
    expect(languageOfLocale('fi_FI')).toBe('fi');
    expect(languageOfLocale('sv_FI')).toBe('sv');
    expect(languageOfLocale('ru_RU')).toBe('en');
    expect(languageOfLocale(undefined)).toBe('en');
  });
});

describe('effectiveRoles', () => {
  it('applies the yitUser, contributor and partner aliases', () => {
    const roles = effectiveRoles(['yitMarketing', 'boardMember', 'rolePartner']);
    expect([...roles].sort()).toEqual(
      ['boardMember', 'contributor', 'partner', 'rolePartner', 'yitMarketing', 'yitUser'].sort(),
    );
    expect(effectiveRoles(['owner']).has('contributor')).toBe(false);
  });
});
