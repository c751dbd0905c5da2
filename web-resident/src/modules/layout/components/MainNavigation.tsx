import { XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';
import { isExternalHref, type NavigationItem } from '../utils/main-navigation';

export const MAIN_NAVIGATION_ID = 'main-navigation';

/**
 * The off-canvas main navigation (01 §2): a drawer over the page, opened from the header's menu
 * button, listing home and then the entries of the housing company (`buildMainNavigation`). Escape,
 * the close button, the backdrop or following a link close it; focus moves into the drawer when it
 * opens and the header gives it back to the menu button when it closes.
 */
export function MainNavigation({
  open,
  onClose,
  housingCompanyName,
  items,
}: {
  open: boolean;
  onClose: () => void;
  housingCompanyName: string | null;
  items: readonly NavigationItem[];
}) {
  const { t } = useTranslation();
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useFocusTrap(drawerRef, open, onClose);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  return (
    <div className="drawer-root" hidden={!open}>
      <div className="drawer-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={drawerRef}
        id={MAIN_NAVIGATION_ID}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('navigation.label')}
      >
        <div className="drawer__header">
          <p className="drawer__housing-company">
            {housingCompanyName && (
              <>
                <span className="visually-hidden">{t('header.housingCompany')}: </span>
                {housingCompanyName}
              </>
            )}
          </p>
          <button ref={closeRef} type="button" className="icon-button" onClick={onClose}>
            <XIcon aria-hidden="true" focusable="false" size={22} />
            <span className="visually-hidden">{t('header.closeMenu')}</span>
          </button>
        </div>
        <nav aria-label={t('navigation.label')}>
          <ul className="drawer__links">
            <li>
              <NavLink to="/" end onClick={onClose}>
                {t('navigation.home')}
              </NavLink>
            </li>
            {items.map((item) => (
              <li key={item.id}>
                <NavigationEntry item={item} onFollow={onClose} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

function NavigationEntry({ item, onFollow }: { item: NavigationItem; onFollow: () => void }) {
  const { t } = useTranslation();
  const label = item.labelKey ? t(`sections.${item.labelKey}`) : (item.title ?? item.href);
  const icon = item.icon ? <span className="nav-icon" data-icon={item.icon} aria-hidden="true" /> : null;
  const newTab = item.target === '_blank';

  if (newTab || isExternalHref(item.href)) {
    return (
      <a
        href={item.href}
        target={item.target}
        rel={newTab ? 'noopener noreferrer' : undefined}
        onClick={onFollow}
      >
        {icon}
        {label}
        {newTab && <span className="visually-hidden"> ({t('navigation.opensInNewTab')})</span>}
      </a>
    );
  }
  return (
    <NavLink to={item.href} onClick={onFollow}>
      {icon}
      {label}
    </NavLink>
  );
}
