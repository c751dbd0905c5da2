import type { MeResponse, MyHousingCompany } from '@porta/contracts';
import { Building2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailLink } from '../../../shared/ui/EmailLink';
import { CardImage } from '../../../shared/ui/ImageFallback';
import { housingCompanyName } from '../../identity';
import { useMainContactsState } from '../../support/hooks/use-main-contacts';
import { useContentLanguage } from '../../support/hooks/use-support';
import { telHref } from '../../support/utils/tel';
import { useHousingCompanyImage } from '../hooks/use-housing-company-image';

/** Key contacts the card shows (the footer has them all). */
const CONTACTS_SHOWN = 2;
const PLACEHOLDERS = ['first', 'second'] as const;

/** Two letters for the picture's fallback: the first letters of the name's first two words. */
function monogram(name: string): string {
  const words = name
    .replace(/^(as oy|asunto oy|bostads ab|ab|oy)\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join('');
}

/**
 * The dashboard's "Your housing company" card (01 §2): the company's picture (staff set it in the
 * staff app; the designed monogram while it loads, when there is none or it fails to load — the
 * slot keeps its size either way), the name as the user knows it with the address or the
 * company's own name under it, the user's apartment and role, the first key contacts (the
 * footer's main contacts, the same request) and the way to the apartment's page and the
 * contact book. The picture is decoration beside the company's name (empty alt text).
 */
export function HousingCompanyCard({
  me,
  housingCompany,
}: {
  me: MeResponse;
  housingCompany: MyHousingCompany | null;
}) {
  const { t } = useTranslation(['resident', 'common']);
  const lang = useContentLanguage();
  const { contacts: all, pending } = useMainContactsState(housingCompany?.id ?? null, lang);
  const picture = useHousingCompanyImage(housingCompany?.id ?? null);
  const contacts = all.slice(0, CONTACTS_SHOWN);

  if (!housingCompany) {
    return (
      <section className="card hc-card hc-card--empty" aria-labelledby="dashboard-housing-company">
        <h2 id="dashboard-housing-company" className="card__title">
          {t('dashboard.housingCompany')}
        </h2>
        <p className="empty-state">{t('dashboard.noHousingCompany')}</p>
      </section>
    );
  }

  const apartment = housingCompany.apts.find((a) => a.id === me.selectedApartmentId) ?? null;
  const name = housingCompanyName(housingCompany, me.user);
  // Under the name as the user knows it: the address, or the company's own name when the address
  // already serves as its name (Finnish companies, 01 §6).
  const address = [housingCompany.addressStreet, housingCompany.addressCity].filter(Boolean).join(', ');
  const companyName = housingCompany.marketingName?.trim() || housingCompany.name;
  const detail =
    name === companyName ? address : [companyName, housingCompany.addressCity].filter(Boolean).join(', ');
  const roles = apartment?.roles.map((role) => t(`common:roles.${role}`)).join(', ');

  return (
    <section className="card hc-card" aria-labelledby="dashboard-housing-company">
      <CardImage
        src={picture?.url}
        alt=""
        width={picture?.width}
        height={picture?.height}
        className="hc-card__picture hc-card__picture--image"
        fallback={
          <div className="hc-card__picture" aria-hidden="true">
            <Building2Icon className="hc-card__icon" size={16} />
            <span className="hc-card__monogram">{monogram(companyName)}</span>
          </div>
        }
      />
      <div className="hc-card__body">
        <h2 id="dashboard-housing-company" className="card__title hc-card__heading">
          {t('dashboard.housingCompany')}
        </h2>
        <p className="card__lead hc-card__name">{name}</p>
        {detail && <p className="muted hc-card__detail">{detail}</p>}
        {apartment && (
          <p className="hc-card__apartment">
            <span>{t('dashboard.apartment', { no: apartment.externalName ?? apartment.no })}</span>
            {roles && <span className="tag tag--muted">{roles}</span>}
          </p>
        )}
      </div>
      {pending && (
        // The contacts' room while they load, so that the boxes below do not jump (layout shift).
        <div className="hc-card__contacts hc-card__contacts--pending" aria-hidden="true">
          <p className="hc-card__subtitle skeleton-line">&nbsp;</p>
          <ul className="hc-card__contact-list">
            {PLACEHOLDERS.map((key) => (
              <li key={key} className="hc-card__contact">
                <span className="skeleton-line">&nbsp;</span>
                <span className="skeleton-line">&nbsp;</span>
                <span className="skeleton-line">&nbsp;</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {contacts.length > 0 && (
        <div className="hc-card__contacts">
          <h3 id="dashboard-key-contacts" className="hc-card__subtitle">
            {t('dashboard.keyContacts')}
          </h3>
          <ul className="hc-card__contact-list" aria-labelledby="dashboard-key-contacts">
            {contacts.map((contact) => (
              <li key={contact.id} className="hc-card__contact">
                <span className="hc-card__contact-name">{contact.name}</span>
                {contact.title && <span className="muted">{contact.title}</span>}
                {contact.phone ? (
                  <a href={telHref(contact.phone)}>{contact.phone}</a>
                ) : (
                  contact.email && <EmailLink email={contact.email} />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="hc-card__links">
        <li>
          <Link to="/my-apartment">{t('dashboard.toMyApartment')}</Link>
        </li>
        <li>
          <Link to="/support/contact-book">{t('dashboard.toContactBook')}</Link>
        </li>
      </ul>
    </section>
  );
}
