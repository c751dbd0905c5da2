import { LayoutGridIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisclosure } from '../../../shared/hooks/use-disclosure';

export const ADMIN_PATH = '/admin';

/**
 * The switch between the admin section and home, plus settings (01 §2, §6), for admin, yitUser and
 * contributor users. The admin section is the staff app: a full page load, not a route of this app.
 * On narrow screens the links fold behind a compact button (a disclosure: Escape or a click
 * elsewhere closes it); on wide screens they are shown inline and the button is not.
 */
export function SectionSwitcher({ adminRoute }: { adminRoute: boolean }) {
  const { t } = useTranslation();
  const { open, close, rootProps, buttonProps, panelProps } = useDisclosure<HTMLElement>();
  const closeMenu = () => close(false);
  return (
    <nav className="section-switcher" aria-label={t('sectionSwitcher.label')} {...rootProps}>
      <button
        type="button"
        className="section-switcher__button"
        aria-label={t('sectionSwitcher.label')}
        {...buttonProps}
      >
        <LayoutGridIcon className="section-switcher__icon" aria-hidden="true" focusable="false" size={22} />
      </button>
      <ul id={panelProps.id} className="section-switcher__list" data-open={open ? 'true' : undefined}>
        <li>
          <a href={ADMIN_PATH} aria-current={adminRoute ? 'true' : undefined}>
            {t('sectionSwitcher.admin')}
          </a>
        </li>
        <li>
          <Link to="/" aria-current={adminRoute ? undefined : 'true'} onClick={closeMenu}>
            {t('sectionSwitcher.home')}
          </Link>
        </li>
        <li>
          <Link to="/my-settings" onClick={closeMenu}>
            {t('sectionSwitcher.settings')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
