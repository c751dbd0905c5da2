import type { Role } from '@porta/contracts';
import type { PortaMessages } from './en';

/** Porta's own texts in the staff app, Finnish: the same keys as `en.ts`. */
const roles: Record<Role, string> = {
  admin: 'Pääkäyttäjä',
  yitAdmin: 'YIT-pääkäyttäjä',
  yitUser: 'YIT-käyttäjä',
  contributor: 'Sisällöntuottaja',
  yitBusinessAdmin: 'YIT-liiketoiminnan pääkäyttäjä',
  yitMarketing: 'YIT-markkinointi',
  yitProject: 'YIT-projekti',
  yitProjectInternal: 'YIT-projekti (sisäinen)',
  siteAdministrator: 'Sivuston ylläpitäjä',
  rolePartner: 'Kumppani',
  partner: 'Kumppani',
  propertyManager: 'Isännöinti',
  maintenanceManager: 'Huoltoyhtiö',
  boardMember: 'Hallituksen jäsen',
  chairman: 'Hallituksen puheenjohtaja',
  userManager: 'Käyttäjien ylläpitäjä',
  habManager: 'HAB-isännöitsijä',
  rentalManager: 'Vuokrauksen hoitaja',
  ceeMaintenanceManager: 'CEE-huoltoyhtiö',
  ceeBoardMember: 'CEE-hallituksen jäsen',
  consumptionManager: 'Kulutustietojen hoitaja',
  contentPublisher: 'Sisällön julkaisija',
  owner: 'Omistaja',
  tenant: 'Vuokralainen',
  familyMember: 'Perheenjäsen',
};

export const fi: PortaMessages = {
  porta: {
    app: {
      title: 'Portan ylläpito',
    },
    dashboard: {
      title: 'Portan ylläpito',
      welcome: 'Tervetuloa, %{name}!',
      intro: 'Valitse valikosta osio, jota haluat ylläpitää.',
    },
    login: {
      title: 'Kirjaudu Portan ylläpitoon',
      email: 'Sähköposti',
      password: 'Salasana',
      submit: 'Kirjaudu sisään',
    },
    auth: {
      not_authorised: 'Sinulla ei ole oikeutta nähdä tätä sisältöä.',
      session_expired: 'Istunto on vanhentunut',
    },
    errors: {
      IDN_INVALID_CREDENTIALS: 'Sähköpostiosoite tai salasana on väärin.',
      IDN_TOO_MANY_ATTEMPTS:
        'Liian monta epäonnistunutta kirjautumisyritystä. Odota minuutti ja yritä uudelleen.',
      IDN_ACCOUNT_DISABLED: 'Käyttäjätilisi on poistettu käytöstä.',
      FORBIDDEN: 'Sinulla ei ole oikeutta nähdä tätä sisältöä.',
      RATE_LIMITED: 'Liian monta pyyntöä. Odota hetki ja yritä uudelleen.',
      NETWORK: 'Sisältöä ei voitu ladata. Päivitä sivu.',
      INTERNAL: 'Jokin meni vikaan',
    },
    roles,
    users: {
      never: 'Ei koskaan',
    },
  },
  resources: {
    users: {
      name: 'Käyttäjä |||| Käyttäjät',
      fields: {
        id: 'Tunniste',
        email: 'Sähköposti',
        firstName: 'Etunimi',
        lastName: 'Sukunimi',
        locale: 'Kieli',
        roles: 'Roolit',
        registered: 'Rekisteröitynyt',
        enabled: 'Käytössä',
        source: 'Lähde',
        createdAt: 'Luotu',
        lastLoginAt: 'Viimeksi kirjautunut',
        q: 'Haku',
      },
    },
  },
};
