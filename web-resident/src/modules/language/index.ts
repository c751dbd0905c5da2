export { applyLanguage, createI18n, type I18n } from './i18n';
export { type LanguageSources, langParam, languageFrom, pickLanguage } from './pick-language';
