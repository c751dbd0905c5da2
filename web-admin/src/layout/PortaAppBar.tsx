import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef, type ReactNode } from 'react';
import {
  AppBar,
  LinkBase,
  Logout,
  UserMenu,
  useBasename,
  useGetIdentity,
  usePermissions,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import type { StaffPermissions } from '../auth/access';

/** An entry of the user menu that opens a screen of the staff app; choosing it closes the menu. */
const AppLinkMenuItem = forwardRef<HTMLAnchorElement, { to: string; label: string; icon: ReactNode }>(
  function AppLinkMenuItem({ to, label, icon, ...props }, ref) {
    const translate = useTranslate();
    const basename = useBasename();
    const userMenu = useUserMenu();
    return (
      <MenuItem
        {...props}
        ref={ref}
        component={LinkBase}
        to={`${basename}${to}`}
        onClick={() => userMenu?.onClose()}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{translate(label)}</ListItemText>
      </MenuItem>
    );
  },
);

/**
 * An entry that leaves the staff app for the resident app (a full page load: the resident app is
 * another application on the same origin).
 */
const ResidentAppMenuItem = forwardRef<HTMLAnchorElement, { href: string; label: string; icon: ReactNode }>(
  function ResidentAppMenuItem({ href, label, icon, ...props }, ref) {
    const translate = useTranslate();
    return (
      <MenuItem {...props} ref={ref} component="a" href={href}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{translate(label)}</ListItemText>
      </MenuItem>
    );
  },
);

/**
 * The user menu: the help section (03 §2 /admin/help, every staff user), the resident portal and
 * My settings (03 §2: "My settings, resident side, shared with admin"), and sign-out. Its button
 * is named by the user's name, which it shows, and what it opens.
 */
function PortaUserMenu() {
  const { permissions } = usePermissions<StaffPermissions>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const label = identity?.fullName
    ? translate('porta.menu.user_menu_of', { name: identity.fullName })
    : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      {permissions?.can.helpRead ? (
        <AppLinkMenuItem to="/help" label="porta.menu.help" icon={<HelpOutlineIcon fontSize="small" />} />
      ) : null}
      {permissions?.can.partnerOwnCompany ? (
        <AppLinkMenuItem
          to="/partner/company/edit"
          label="porta.menu.my_company"
          icon={<BusinessIcon fontSize="small" />}
        />
      ) : null}
      {permissions?.can.adminArea ? (
        <AppLinkMenuItem
          to="/settings"
          label="porta.menu.app_settings"
          icon={<TuneIcon fontSize="small" />}
        />
      ) : null}
      {permissions?.can.adminArea ? (
        <ResidentAppMenuItem
          href="/"
          label="porta.menu.resident_portal"
          icon={<HomeIcon fontSize="small" />}
        />
      ) : null}
      <ResidentAppMenuItem
        href="/my-settings"
        label="porta.menu.my_settings"
        icon={<SettingsIcon fontSize="small" />}
      />
      <Logout />
    </UserMenu>
  );
}

export function PortaAppBar() {
  return <AppBar userMenu={<PortaUserMenu />} />;
}
