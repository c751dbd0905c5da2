import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Footer links (targets come from the translations, 01 §2) and the copyright year. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useTranslation();
  const links = [
    { to: t('footer.termsPath'), label: t('footer.terms') },
    { to: t('footer.privacyPath'), label: t('footer.privacy') },
    { to: t('footer.accessibilityPath'), label: t('footer.accessibility') },
  ];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
