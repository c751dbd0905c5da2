import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const ADMIN_PATH = '/admin';

/**
 * The switch between the admin section and home, plus settings (01 §2, §6), for admin, yitUser and
 * contributor users. The admin section is the staff app: a full page load, not a route of this app.
 */
export function SectionSwitcher({ adminRoute }: { adminRoute: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="section-switcher" aria-label={t('sectionSwitcher.label')}>
      <ul className="section-switcher__list">
        <li>
          <a href={ADMIN_PATH} aria-current={adminRoute ? 'true' : undefined}>
            {t('sectionSwitcher.admin')}
          </a>
        </li>
        <li>
          <Link to="/" aria-current={adminRoute ? undefined : 'true'}>
            {t('sectionSwitcher.home')}
          </Link>
        </li>
        <li>
          <Link to="/my-settings">{t('sectionSwitcher.settings')}</Link>
        </li>
      </ul>
    </nav>
  );
}
