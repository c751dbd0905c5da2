export { applyLanguage, createI18n, type I18n, prefetchLanguage } from './i18n';
export { LanguagePicker } from './LanguagePicker';
export { type LanguageSources, langParam, languageFrom, pickLanguage } from './pick-language';
