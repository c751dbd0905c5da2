// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { langParam, languageFrom, pickLanguage } from './pick-language';

describe('pickLanguage', () => {
  it('the lang parameter beats the user locale and the browser', () => {
    expect(pickLanguage({ urlLang: 'sv', userLocale: 'fi_FI', browserLanguages: ['et'] })).toBe('sv');
  });

  it("then the user's locale, of which only the part before '_' counts", () => {
    expect(pickLanguage({ urlLang: null, userLocale: 'fi_FI', browserLanguages: ['et-EE'] })).toBe('fi');
    expect(pickLanguage({ userLocale: 'sv_FI' })).toBe('sv');
  });

  it('then the first supported browser language', () => {
    expect(pickLanguage({ browserLanguages: ['de-DE', 'lv-LV', 'fi'] })).toBe('lv');
  });

  it('defaults to English', () => {
    expect(pickLanguage({})).toBe('en');
    expect(pickLanguage({ urlLang: 'ru', userLocale: 'de_DE', browserLanguages: ['ja'] })).toBe('en');
  });

  it('an unsupported lang parameter does not hide the user locale', () => {
    expect(pickLanguage({ urlLang: 'ru', userLocale: 'lt_LT' })).toBe('lt');
  });

  it('reads languages from parameters, locales and browser tags', () => {
    expect(languageFrom('PL')).toBe('pl');
    expect(languageFrom('cs_CZ')).toBe('cs');
    expect(languageFrom('sk-SK')).toBe('sk');
    expect(languageFrom('')).toBeNull();
    expect(languageFrom(undefined)).toBeNull();
    expect(langParam('?a=1&lang=et')).toBe('et');
    expect(langParam('')).toBeNull();
  });
});
