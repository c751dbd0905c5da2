import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { usePageMeta } from '../../layout';
import { useContactBook } from '../hooks/use-support-queries';
import { ContactCard } from './ContactCard';

/**
 * /support/contact-book (02 §2): the housing company's contact cards, grouped by contact taxonomy
 * group in the spec's order (the service orders groups and cards); primary and default contacts
 * are marked.
 */
export function ContactBookPage() {
  const { t } = useTranslation(['support', 'common']);
  const title = t('contactBook.title');
  usePageMeta({ title });
  const { query, result } = useContactBook();
  const groups = result.data?.groups ?? [];

  return (
    <section className="page contact-book" aria-labelledby="contact-book-title">
      <h1 id="contact-book-title">{title}</h1>
      {!query ? (
        <Alert tone="error">{t('common:errors.housingCompanyMissing')}</Alert>
      ) : result.data ? (
        groups.length === 0 ? (
          <EmptyState
            title={t('contactBook.emptyTitle')}
            description={t('contactBook.emptyText')}
            action={{ label: t('contactBook.emptyAction'), to: '/support' }}
          />
        ) : (
          groups.map(({ group, contacts }) => (
            <section key={group} className="contact-group" aria-labelledby={`contact-group-${group}`}>
              <h2 id={`contact-group-${group}`} className="contact-group__title">
                {t(`contactBook.groups.${group}`)}
              </h2>
              <ul className="contact-group__cards">
                {contacts.map((contact) => (
                  <li key={contact.id}>
                    <ContactCard contact={contact} idPrefix={group} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )
      ) : (
        <QueryStatus pending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
      )}
    </section>
  );
}
