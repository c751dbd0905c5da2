import { LANGUAGES, type Language } from '@porta/contracts';
import type { Store } from 'react-admin';

/** The staff app speaks the portal's nine languages (03 §9); English is the default (01 §1). */
export const ADMIN_LANGUAGES = LANGUAGES;
export type AdminLanguage = Language;
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = 'en';

/** The language of a locale (`fi_FI`, `fi-FI`, `fi`: only the part before `_` counts), if translated. */
export function toAdminLanguage(locale: unknown): AdminLanguage | null {
  if (typeof locale !== 'string') return null;
  const head = locale.split(/[_-]/)[0]?.toLowerCase() ?? '';
  return (ADMIN_LANGUAGES as readonly string[]).includes(head) ? (head as AdminLanguage) : null;
}

/** The `lang` URL parameter, when it names a translated language. */
export function languageFromSearch(search: string): AdminLanguage | null {
  return toAdminLanguage(new URLSearchParams(search).get('lang'));
}

/** react-admin keeps the chosen locale in its store under this key. */
export const LOCALE_STORE_KEY = 'locale';

/**
 * The language to start with: the `lang` URL parameter (which also becomes the chosen language,
 * since react-admin's stored locale would otherwise win), else the language chosen earlier in
 * this browser, else English. The user's profile locale applies after sign-in when nothing was
 * chosen (see ProfileLanguage).
 */
export function startupLanguage(search: string, store: Store): AdminLanguage {
  const fromUrl = languageFromSearch(search);
  if (fromUrl) {
    store.setItem(LOCALE_STORE_KEY, fromUrl);
    return fromUrl;
  }
  return toAdminLanguage(store.getItem(LOCALE_STORE_KEY)) ?? DEFAULT_ADMIN_LANGUAGE;
}
