import { englishResources, loadLanguage } from '@porta/i18n';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../language';
import { faqTaxonomyName, useFaqGroupName } from './faq';

describe('FAQ group headings', () => {
  it('names the known groups in the reader’s language and makes any other codename readable', async () => {
    const i18n = createI18n({
      en: englishResources,
      fi: await loadLanguage('fi'),
      sv: await loadLanguage('sv'),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const names = (lang: string) => {
      void i18n.changeLanguage(lang);
      const { result } = renderHook(() => useFaqGroupName(), { wrapper });
      return ['maintenance', 'moving_in', 'portal', 'common_spaces'].map(result.current);
    };
    expect(names('en')).toEqual([
      'Maintenance and repairs',
      'Moving in',
      'Using the portal',
      'Common spaces',
    ]);
    expect(names('fi')).toEqual(['Huolto ja korjaukset', 'Muuttaminen', 'Portaalin käyttö', 'Common spaces']);
    expect(names('sv')).toEqual([
      'Fastighetsskötsel och reparationer',
      'Inflyttning',
      'Att använda portalen',
      'Common spaces',
    ]);
    expect(faqTaxonomyName('moving-in')).toBe('Moving in');
  });
});
