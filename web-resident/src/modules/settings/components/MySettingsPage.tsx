import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managesNotificationSettings } from '../../access';
import { usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';
import { EmailChangeSection } from './EmailChangeSection';
import { PasswordChangeSection } from './PasswordChangeSection';
import { SignaturesSection } from './SignaturesSection';

/**
 * /my-settings (03 §2 "My settings"): change e-mail, change password, signatures (for the roles that
 * keep them), notification settings (not for partners, 01 §6), the user-information report and
 * deactivating the account.
 */
export function MySettingsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('settings.pageTitle') });
  const { me } = useCurrentUser();

  return (
    <div className="page settings">
      <h1>{t('settings.pageTitle')}</h1>
      <div className="settings__grid">
        <EmailChangeSection currentEmail={me.user.email} />
        <PasswordChangeSection />
        {me.user.canManageSignatures === true && <SignaturesSection />}
        <section className="card" aria-labelledby="settings-profile">
          <h2 id="settings-profile" className="card__title">
            {t('settings.profile.title')}
          </h2>
          <p>{t('settings.profile.text')}</p>
          <Link to="/my-profile">{t('settings.profile.link')}</Link>
        </section>
        {managesNotificationSettings(me) && (
          <section className="card" aria-labelledby="settings-notifications">
            <h2 id="settings-notifications" className="card__title">
              {t('settings.notifications.title')}
            </h2>
            <p>{t('settings.notifications.text')}</p>
            <Link to="/my-notifications">{t('settings.notifications.link')}</Link>
          </section>
        )}
        <section className="card" aria-labelledby="settings-user-information">
          <h2 id="settings-user-information" className="card__title">
            {t('settings.userInformation.title')}
          </h2>
          <p>{t('settings.userInformation.text')}</p>
          <Link to="/profile/gdpr-report">{t('settings.userInformation.link')}</Link>
        </section>
        <section className="card" aria-labelledby="settings-deactivate">
          <h2 id="settings-deactivate" className="card__title">
            {t('settings.deactivate.title')}
          </h2>
          <p>{t('settings.deactivate.text')}</p>
          <Link to="/deactivate">{t('settings.deactivate.link')}</Link>
        </section>
      </div>
    </div>
  );
}
