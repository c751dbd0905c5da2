import { LANGUAGES, LOCALES } from '@porta/contracts';

/** Language names, each in its own language (shown the same in every UI language). */
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  cs: 'Čeština',
  en: 'English',
  et: 'Eesti',
  fi: 'Suomi',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  pl: 'Polski',
  sk: 'Slovenčina',
  sv: 'Svenska',
};

/** Choices of a user's locale (03 §9): `fi_FI` shown as "Suomi (fi_FI)". */
export const LOCALE_CHOICES = LANGUAGES.map((language) => ({
  id: LOCALES[language],
  name: `${LANGUAGE_NAMES[language]} (${LOCALES[language]})`,
}));

/** Choices of a language code (feature toggles' language restriction, links' language). */
export const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({
  id: language,
  name: `${LANGUAGE_NAMES[language]} (${language})`,
}));
