import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailLink } from '../../../shared/ui/EmailLink';

/** One of the main contacts of the housing company (01 §2, §3 Contact). */
export interface FooterContact {
  id: string;
  name: string;
  title?: string | null;
  email?: string | null;
  openingHours?: string | null;
  phone?: string | null;
}

/**
 * The footer (01 §2): the main contacts when there are any, links to the terms, privacy and
 * accessibility pages (targets from the translations) and the copyright year.
 */
export function Footer({
  year = new Date().getFullYear(),
  contacts = [],
}: {
  year?: number;
  contacts?: readonly FooterContact[];
}) {
  const { t } = useTranslation();
  const links = [
    { to: t('footer.termsPath'), label: t('footer.terms') },
    { to: t('footer.privacyPath'), label: t('footer.privacy') },
    { to: t('footer.accessibilityPath'), label: t('footer.accessibility') },
  ];
  return (
    <footer className="site-footer">
      {contacts.length > 0 && (
        <section className="site-footer__contacts" aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className="site-footer__heading">
            {t('footer.contacts')}
          </h2>
          <ul className="footer-contacts">
            {contacts.map((contact) => (
              <li key={contact.id} className="footer-contact">
                <p className="footer-contact__name">{contact.name}</p>
                {contact.title && <p className="muted">{contact.title}</p>}
                <dl className="footer-contact__details">
                  {contact.phone && (
                    <div>
                      <dt>{t('footer.phone')}</dt>
                      <dd>
                        <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
                      </dd>
                    </div>
                  )}
                  {contact.email && (
                    <div>
                      <dt>{t('footer.email')}</dt>
                      <dd>
                        <EmailLink email={contact.email} />
                      </dd>
                    </div>
                  )}
                  {contact.openingHours && (
                    <div>
                      <dt>{t('footer.openingHours')}</dt>
                      <dd>{contact.openingHours}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        </section>
      )}
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
