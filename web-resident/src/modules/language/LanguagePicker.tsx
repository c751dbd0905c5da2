import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '@porta/i18n';
import { GlobeIcon } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyLanguage } from './i18n';
import { languageFrom } from './pick-language';

/**
 * The language choice of the public pages (the login page, first login, …): a labelled native
 * select, so that it works with the keyboard and screen readers as any select does. Choosing a
 * language loads it, switches the interface and keeps it in the address's `lang` parameter (01 §1:
 * it overrides the browser's language), so that a reload stays in it. Signed in, the user's own
 * language (profile) decides.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const [, setParams] = useSearchParams();
  const [pending, setPending] = useState(false);
  const id = useId();
  const current: Language = languageFrom(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

  const change = async (event: ChangeEvent<HTMLSelectElement>) => {
    const lang = languageFrom(event.target.value);
    if (!lang || lang === current) return;
    setPending(true);
    try {
      await applyLanguage(i18n, lang);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('lang', lang);
          return next;
        },
        { replace: true },
      );
    } catch (err) {
      console.error(`Language ${lang} could not be loaded`, err);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={className ? `language-picker ${className}` : 'language-picker'}>
      <label className="language-picker__label" htmlFor={id}>
        <GlobeIcon className="language-picker__icon" aria-hidden="true" size={18} />
        <span className="language-picker__text">{t('language.label')}</span>
      </label>
      <select
        id={id}
        className="language-picker__select"
        value={current}
        aria-busy={pending || undefined}
        onChange={(event) => void change(event)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
