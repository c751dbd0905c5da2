import type { Role } from '@porta/contracts';

/**
 * Porta's own texts in the staff app, English. `fi.ts` has the same keys (a test checks);
 * react-admin's own texts come from ra-language-english and `ra-fi.ts`.
 */
const roles: Record<Role, string> = {
  admin: 'Administrator',
  yitAdmin: 'YIT Administrator',
  yitUser: 'YIT User',
  contributor: 'Contributor',
  yitBusinessAdmin: 'YIT Business Admin',
  yitMarketing: 'YIT Marketing',
  yitProject: 'YIT Project',
  yitProjectInternal: 'YIT Project internal',
  siteAdministrator: 'Site administrator',
  rolePartner: 'Partner',
  partner: 'Partner',
  propertyManager: 'Administration (property manager)',
  maintenanceManager: 'Maintenance manager',
  boardMember: 'Board member',
  chairman: 'Chairman',
  userManager: 'User administrator',
  habManager: 'HAB manager',
  rentalManager: 'Rental manager',
  ceeMaintenanceManager: 'CEE Maintenance Manager',
  ceeBoardMember: 'CEE Board member',
  consumptionManager: 'Consumption manager',
  contentPublisher: 'Content publisher',
  owner: 'Owner',
  tenant: 'Tenant',
  familyMember: 'Family member',
};

export const en = {
  porta: {
    app: {
      title: 'Porta administration',
    },
    dashboard: {
      title: 'Porta administration',
      welcome: 'Welcome, %{name}!',
      intro: 'Choose a section from the menu to maintain the portal.',
    },
    login: {
      title: 'Sign in to Porta administration',
      email: 'E-mail',
      password: 'Password',
      submit: 'Sign in',
    },
    auth: {
      not_authorised: 'Not authorised to see this content.',
      session_expired: 'Session expired',
    },
    /** By error code (contracts' catalogue); the server's own text is the fallback. */
    errors: {
      IDN_INVALID_CREDENTIALS: 'Incorrect e-mail address or password.',
      IDN_TOO_MANY_ATTEMPTS: 'Too many failed sign-in attempts. Please wait a minute and try again.',
      IDN_ACCOUNT_DISABLED: 'Your account has been deactivated.',
      FORBIDDEN: 'Not authorised to see this content.',
      RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
      NETWORK: 'Content could not be loaded. Please refresh.',
      INTERNAL: 'Something went wrong',
    },
    roles,
    users: {
      never: 'Never',
    },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID',
        email: 'E-mail',
        firstName: 'First name',
        lastName: 'Last name',
        locale: 'Language',
        roles: 'Roles',
        registered: 'Registered',
        enabled: 'Enabled',
        source: 'Source',
        createdAt: 'Created',
        lastLoginAt: 'Last login',
        q: 'Search',
      },
    },
  },
};

export type PortaMessages = typeof en;
