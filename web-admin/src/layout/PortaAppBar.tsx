import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import {
  AppBar,
  LinkBase,
  Logout,
  UserMenu,
  useBasename,
  usePermissions,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import type { StaffPermissions } from '../auth/access';

/** The help section's entry in the user menu; choosing it closes the menu. */
const HelpMenuItem = forwardRef<HTMLAnchorElement>(function HelpMenuItem(props, ref) {
  const translate = useTranslate();
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      {...props}
      ref={ref}
      component={LinkBase}
      to={`${basename}/help`}
      onClick={() => userMenu?.onClose()}
    >
      <ListItemIcon>
        <HelpOutlineIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('porta.menu.help')}</ListItemText>
    </MenuItem>
  );
});

/** The user menu: the help section (03 §2 /admin/help, every staff user) and sign-out. */
function PortaUserMenu() {
  const { permissions } = usePermissions<StaffPermissions>();
  return (
    <UserMenu>
      {permissions?.can.helpRead ? <HelpMenuItem /> : null}
      <Logout />
    </UserMenu>
  );
}

export function PortaAppBar() {
  return <AppBar userMenu={<PortaUserMenu />} />;
}
