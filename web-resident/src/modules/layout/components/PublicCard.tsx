import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../language/LanguagePicker';
import { Logo } from './Logo';

/**
 * The frame of the public pages outside the signed-in layout (first login, e-mail change
 * confirmation, maintenance): the brand, a heading and the content on a card.
 */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <main className="login-page" id="main">
      <div className="login-card">
        <div className="login-card__top">
          <p className="login-card__brand">
            <Logo />
            <span>{t('siteName')}</span>
          </p>
          <LanguagePicker />
        </div>
        <h1 className="login-card__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
