import { describe, expect, it } from 'vitest';
import { languageOfLocale } from './constants.js';
import { checkPassword, passwordRefusal } from './password.js';
import { effectiveRoles } from './roles.js';

describe('checkPassword', () => {
  it.each([
    ['Demo-Portal-2026', true],
    ['abcdEFGH', false], // two classes
    ['Tuvx4Kq9', true],
    ['kuu-Ruska7', true],
    ['Ab1-', false], // too short
    [`${'k7Q-'.repeat(63)}`, false], // 252 characters, but one short part repeated
    [`${'Hv9-tmZ2'.repeat(31)}Ro`, true], // 250 characters of a longer part: not refused for its length
    [`${'a'.repeat(255)}B1-`, false], // 258 characters
  ])('%s → %s', (password, ok) => {
    expect(checkPassword(password).ok).toBe(ok);
  });

  it('refuses the most common passwords and their plain variants, whatever the character classes', () => {
    for (const password of [
      'Password1!',
      'P@ssw0rd2024',
      'Qwerty123!',
      'Summer-2025',
      'Salasana123!',
      'Haslo2024!',
      'Lösenord1!',
      'Welcome1!',
      'Letmein#1',
      '1Password!',
      'Dragon!2024',
      'Passwordpassword1',
      'Abcd-1234',
      '1qaz2wsX!',
      'Asdfgh12!',
      '9876-Zyxw',
      'Ab1!Ab1!Ab1!',
      'Aa123456!',
      'Xy-qwerty-1',
      'correct horse battery staple',
    ]) {
      const check = checkPassword(password);
      expect(check.common, password).toBe(true);
      expect(check.ok, password).toBe(false);
      expect(passwordRefusal(check), password).toBe('IDN_PASSWORD_TOO_COMMON');
    }
  });

  it('accepts long passphrases without the character classes, unless they are runs or repetitions', () => {
    for (const phrase of [
      'mökki järven rannalla kesällä',
      'tall purple giraffes sing loudly',
      'ruskaretki lapissa lokakuussa',
      'kolm rohelist konna laulavad',
    ]) {
      expect(checkPassword(phrase), phrase).toMatchObject({ ok: true, passphrase: true, common: false });
    }
    for (const weak of ['aaaaaaaaaaaaaaaa', 'abcdefghijklmnopq', '123456789012345', 'qwertyuiopasdfgh']) {
      expect(checkPassword(weak).ok, weak).toBe(false);
      expect(passwordRefusal(checkPassword(weak)), weak).toBe('IDN_PASSWORD_TOO_COMMON');
    }
    // Fourteen characters are no passphrase: the classes are needed.
    expect(passwordRefusal(checkPassword('lowercase only'))).toBe('IDN_PASSWORD_FORMAT');
  });

  it("refuses a password made of the user's own names or e-mail address", () => {
    const user = ['Anna-Liisa', 'Virtanen', 'anna.virtanen@example.com'];
    for (const password of ['Virtanen2024!', 'Anna.Virtanen1', 'AnnaLiisa-99', 'anna-virtanen@1']) {
      expect(checkPassword(password, user).common, password).toBe(true);
    }
    expect(checkPassword('Virtanen2024!').common).toBe(false);
    expect(checkPassword('Kesämökki-Anna-7', user).ok).toBe(true);
  });

  it('names the format rule first, then the common-password rule', () => {
    expect(passwordRefusal(checkPassword('Demo-Portal-2026'))).toBeNull();
    expect(passwordRefusal(checkPassword('password'))).toBe('IDN_PASSWORD_FORMAT');
    expect(passwordRefusal(checkPassword('Password1'))).toBe('IDN_PASSWORD_TOO_COMMON');
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
