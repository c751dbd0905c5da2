import { useEffect } from 'react';
import { useGetIdentity, useLocaleState, useStore } from 'react-admin';
import { LOCALE_STORE_KEY, toAdminLanguage } from '../i18n/locale';

/**
 * After sign-in, switch to the user's profile language unless a language was chosen already
 * (the `lang` URL parameter or the language menu). Signing out resets the choice.
 */
export function ProfileLanguage() {
  const { identity } = useGetIdentity();
  const [chosen] = useStore<string | undefined>(LOCALE_STORE_KEY);
  const [locale, setLocale] = useLocaleState();
  const profileLanguage = toAdminLanguage(identity?.locale);

  useEffect(() => {
    if (chosen || !profileLanguage || profileLanguage === locale) return;
    setLocale(profileLanguage);
  }, [chosen, profileLanguage, locale, setLocale]);

  return null;
}
