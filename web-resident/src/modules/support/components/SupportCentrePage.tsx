import type { FaqEntry, FaqGroup, FeatureId } from '@porta/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { FeedbackBox } from '../../dashboard';
import { usePageMeta, useSectionName } from '../../layout';
import { useCurrentUser } from '../../startup';
import { useContactBook, useFaq } from '../hooks/use-support-queries';
import { useFaqGroupName } from '../utils/faq';
import { searchFaq } from '../utils/faq-search';
import { ContactCard } from './ContactCard';
import { FaqItem } from './FaqItem';

/** Questions shown per group before "All questions". */
const GROUP_PREVIEW = 3;
/** Customer-service contacts shown on the page (the rest are in the contact book). */
const CUSTOMER_SERVICE_SHOWN = 2;

const faqPath = (entry: FaqEntry) => `/faq/${encodeURIComponent(entry.codename || entry.id)}`;

/**
 * /support, the support centre (02 §2): a search over the housing company's FAQ (feature faq) with
 * its groups to browse, service requests (feature service-requests), the customer-service contacts
 * of the contact book, the feedback box and the help pages (terms, privacy, accessibility).
 */
export function SupportCentrePage() {
  const { t } = useTranslation('support');
  const { housingCompany, features } = useCurrentUser();
  const heading = useSectionName() ?? '';
  usePageMeta({ title: heading });
  const on = (feature: FeatureId) => Object.hasOwn(features, feature);

  return (
    <section className="page support-centre" aria-labelledby="support-centre-title">
      <div className="support-centre__intro">
        <h1 id="support-centre-title">{heading}</h1>
        <p className="muted">{t('centre.intro')}</p>
      </div>
      {housingCompany && on('faq') && <FaqSearch />}
      <div className="support-centre__grid">
        {on('service-requests') && <ServiceRequestsCard />}
        {housingCompany && <CustomerServiceCard />}
        <HelpPagesCard faq={on('faq')} />
        {housingCompany && (
          <FeedbackBox key={`feedback-${housingCompany.id}`} housingCompanyId={housingCompany.id} />
        )}
      </div>
    </section>
  );
}

/** The FAQ search: typing filters the questions; without words, the groups to browse. */
function FaqSearch() {
  const { t } = useTranslation('support');
  const { result } = useFaq();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const inputId = useId();
  const groups = result.data?.groups ?? [];
  const found = query ? searchFaq(groups, query) : [];

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="card support-centre__faq" aria-labelledby="support-faq-title">
      <h2 id="support-faq-title" className="card__title">
        {t('centre.faqTitle')}
      </h2>
      <search className="support-search">
        <label htmlFor={inputId} className="support-search__label">
          {t('centre.searchLabel')}
        </label>
        <input
          id={inputId}
          className="support-search__input"
          type="search"
          value={text}
          placeholder={t('centre.searchPlaceholder')}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </search>
      <p className="visually-hidden" aria-live="polite">
        {query && result.data ? t('centre.resultCount', { count: found.length }) : ''}
      </p>
      {!result.data ? (
        <QueryStatus pending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState
          title={t('centre.faqEmptyTitle')}
          description={t('centre.faqEmptyText')}
          action={{ label: t('centre.toContactBook'), to: '/support/contact-book' }}
        />
      ) : query ? (
        found.length === 0 ? (
          <EmptyState
            title={t('centre.noResultsTitle', { query })}
            description={t('centre.noResultsText')}
            action={{ label: t('centre.clearSearch'), onClick: () => setText('') }}
          />
        ) : (
          <ul className="faq-list support-search__results" aria-label={t('centre.results')}>
            {found.map((entry) => (
              <FaqItem
                key={entry.id}
                entry={entry}
                open={open.has(entry.id)}
                onToggle={() => toggle(entry.id)}
              />
            ))}
          </ul>
        )
      ) : (
        <FaqGroups groups={groups} />
      )}
    </section>
  );
}

/** The FAQ's groups, each with its first questions and the way to all of them. */
function FaqGroups({ groups }: { groups: readonly FaqGroup[] }) {
  const { t } = useTranslation('support');
  const groupName = useFaqGroupName();
  const total = groups.reduce((sum, group) => sum + group.entries.length, 0);
  return (
    <>
      <ul className="support-faq-groups">
        {groups.map((group) => {
          const key = group.faqTaxonomy ?? 'other';
          const headingId = `support-faq-group-${key}`;
          return (
            <li key={key} className="support-faq-group">
              <h3 id={headingId} className="support-faq-group__title">
                {group.faqTaxonomy ? groupName(group.faqTaxonomy) : t('faq.otherQuestions')}
              </h3>
              <ul className="support-faq-group__questions" aria-labelledby={headingId}>
                {group.entries.slice(0, GROUP_PREVIEW).map((entry) => (
                  <li key={entry.id} lang={entry.language}>
                    <Link to={faqPath(entry)}>{entry.question}</Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <Link className="button button--secondary support-centre__all-faq" to="/faq">
        {t('centre.allQuestions', { count: total })}
      </Link>
    </>
  );
}

function ServiceRequestsCard() {
  const { t } = useTranslation('support');
  return (
    <section className="card support-centre__card" aria-labelledby="support-requests-title">
      <h2 id="support-requests-title" className="card__title">
        {t('centre.requestsTitle')}
      </h2>
      <p>{t('centre.requestsText')}</p>
      <div className="support-centre__actions">
        <Link className="button button--primary" to="/support/service-requests/new">
          {t('centre.newRequest')}
        </Link>
        <Link className="button button--secondary" to="/support/service-requests">
          {t('centre.myRequests')}
        </Link>
      </div>
    </section>
  );
}

/** The customer-service cards of the contact book (its default contact when it has none). */
function CustomerServiceCard() {
  const { t } = useTranslation('support');
  const { result } = useContactBook();
  const book = result.data;
  const customerService =
    book?.groups.find((group) => group.group === 'customer_service')?.contacts ??
    book?.contacts.filter((contact) => contact.isDefault) ??
    [];
  return (
    <section className="card support-centre__card" aria-labelledby="support-contact-title">
      <h2 id="support-contact-title" className="card__title">
        {t('centre.contactTitle')}
      </h2>
      {!book ? (
        <QueryStatus pending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
      ) : customerService.length === 0 ? (
        <p className="muted">{t('centre.contactNone')}</p>
      ) : (
        <ul className="support-centre__contacts">
          {customerService.slice(0, CUSTOMER_SERVICE_SHOWN).map((contact) => (
            <li key={contact.id}>
              <ContactCard contact={contact} idPrefix="support-centre" />
            </li>
          ))}
        </ul>
      )}
      <Link className="support-centre__more" to="/support/contact-book">
        {t('centre.allContacts')}
      </Link>
    </section>
  );
}

function HelpPagesCard({ faq }: { faq: boolean }) {
  const { t } = useTranslation('support');
  const { t: tr } = useTranslation('resident');
  const links = [
    ...(faq ? [{ to: '/faq', label: tr('sections.faq') }] : []),
    { to: '/support/contact-book', label: tr('sections.contactBook') },
    { to: tr('footer.termsPath'), label: tr('footer.terms') },
    { to: tr('footer.privacyPath'), label: tr('footer.privacy') },
    { to: tr('footer.accessibilityPath'), label: tr('footer.accessibility') },
  ];
  return (
    <section className="card support-centre__card" aria-labelledby="support-help-title">
      <h2 id="support-help-title" className="card__title">
        {t('centre.helpTitle')}
      </h2>
      <ul className="support-centre__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
