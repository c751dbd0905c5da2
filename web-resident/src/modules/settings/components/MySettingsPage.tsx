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
        <LinkCard
          id="settings-profile"
          title={t('settings.profile.title')}
          text={t('settings.profile.text')}
          to="/my-profile"
          link={t('settings.profile.link')}
        />
        {managesNotificationSettings(me) && (
          <LinkCard
            id="settings-notifications"
            title={t('settings.notifications.title')}
            text={t('settings.notifications.text')}
            to="/my-notifications"
            link={t('settings.notifications.link')}
          />
        )}
        <LinkCard
          id="settings-user-information"
          title={t('settings.userInformation.title')}
          text={t('settings.userInformation.text')}
          to="/profile/gdpr-report"
          link={t('settings.userInformation.link')}
        />
        <LinkCard
          id="settings-deactivate"
          title={t('settings.deactivate.title')}
          text={t('settings.deactivate.text')}
          to="/deactivate"
          link={t('settings.deactivate.link')}
        />
      </div>
    </div>
  );
}

/** A card of the settings that only leads on to the page where the setting is made. */
function LinkCard({
  id,
  title,
  text,
  to,
  link,
}: {
  id: string;
  title: string;
  text: string;
  to: string;
  link: string;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <p>{text}</p>
      <Link to={to}>{link}</Link>
    </section>
  );
}
