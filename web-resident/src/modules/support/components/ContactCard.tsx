import type { ContactCard as Contact } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { EmailLink } from '../../../shared/ui/EmailLink';
import { SafeHtml } from '../../content-pages';
import { telHref } from '../utils/tel';

/** One contact card of the contact book (02 §3 Contact). `idPrefix` keeps ids unique when a card shows in several groups. */
export function ContactCard({ contact, idPrefix }: { contact: Contact; idPrefix: string }) {
  const { t } = useTranslation('support');
  const nameId = `${idPrefix}-${contact.id}`;
  return (
    <article className="contact-card" aria-labelledby={nameId} lang={contact.language}>
      <div className="contact-card__header">
        <h3 id={nameId} className="contact-card__name">
          {contact.name}
        </h3>
        {(contact.isPrimary || contact.isDefault) && (
          <ul className="contact-card__badges">
            {contact.isPrimary && <li className="badge badge--primary">{t('contactBook.primary')}</li>}
            {contact.isDefault && <li className="badge">{t('contactBook.default')}</li>}
          </ul>
        )}
      </div>
      {contact.title && <p className="contact-card__title muted">{contact.title}</p>}
      {(contact.email || contact.phoneNumber || contact.openingHours) && (
        <dl className="contact-card__details">
          {contact.phoneNumber && (
            <div>
              <dt>{t('contactBook.phone')}</dt>
              <dd>
                <a href={telHref(contact.phoneNumber)}>{contact.phoneNumber}</a>
                {contact.phoneInfo && (
                  <span className="contact-card__phone-info muted">{contact.phoneInfo}</span>
                )}
              </dd>
            </div>
          )}
          {contact.email && (
            <div>
              <dt>{t('contactBook.email')}</dt>
              <dd>
                <EmailLink email={contact.email} />
              </dd>
            </div>
          )}
          {contact.openingHours && (
            <div>
              <dt>{t('contactBook.openingHours')}</dt>
              <dd>{contact.openingHours}</dd>
            </div>
          )}
        </dl>
      )}
      {contact.info && <SafeHtml html={contact.info} className="contact-card__info" />}
    </article>
  );
}
