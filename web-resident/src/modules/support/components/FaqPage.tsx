import type { FaqEntry } from '@porta/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { isMissingPage } from '../../content-pages';
import { NotFoundPage } from '../../errors/components/NotFoundPage';
import { usePageMeta, useSectionName } from '../../layout';
import { useFaq, useFaqEntry } from '../hooks/use-support-queries';
import { findFaqEntry, useFaqGroupName } from '../utils/faq';
import { FaqItem } from './FaqItem';

/**
 * /faq and /faq/:id (02 §2): questions grouped by faqtaxonomy in the service's order (groups by
 * their best entry, entries by priority), each answer behind a disclosure button. /faq/:id (id or
 * codename) opens that answer and moves focus to it; an entry outside the list is fetched on its
 * own, and one the reader does not see is 'Page not found'.
 */
export function FaqPage() {
  const { t } = useTranslation(['support', 'common']);
  const groupName = useFaqGroupName();
  const { id } = useParams();
  const { query, result } = useFaq();
  const groups = result.data?.groups ?? [];
  const inList = id && result.data ? findFaqEntry(groups, id) : null;
  const single = useFaqEntry(id, Boolean(id && result.data && !inList));
  const target: FaqEntry | null = inList ?? single.data ?? null;
  const extra = !inList && single.data ? single.data : null;

  // Answers the reader opened or closed; the linked answer starts open (open unless toggled).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((entryId: string) => {
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(entryId)) next.add(entryId);
      return next;
    });
  }, []);

  // The linked question takes the focus once it is known.
  const targetButton = useRef<HTMLButtonElement>(null);
  const focused = useRef<string | null>(null);
  const targetId = target?.id ?? null;
  useEffect(() => {
    if (!targetId || focused.current === targetId) return;
    focused.current = targetId;
    targetButton.current?.focus();
    targetButton.current?.scrollIntoView?.({ block: 'start' });
  }, [targetId]);

  // The FAQ is a main section: its front page is named after it, a linked question after the question.
  const heading = useSectionName() ?? '';
  usePageMeta({ title: target?.question ?? heading });

  if (id && result.data && !inList && single.isError && isMissingPage(single.error)) return <NotFoundPage />;

  const item = (entry: FaqEntry) => (
    <FaqItem
      key={entry.id}
      entry={entry}
      open={toggled.has(entry.id) !== (entry.id === targetId)}
      onToggle={() => toggle(entry.id)}
      buttonRef={entry.id === targetId ? targetButton : undefined}
    />
  );
  const showGroupNames = groups.length > 1 || groups.some((g) => g.faqTaxonomy !== null);

  return (
    <section className="page faq" aria-labelledby="faq-title">
      <h1 id="faq-title">{heading}</h1>
      {!query ? (
        <Alert tone="error">{t('common:errors.housingCompanyMissing')}</Alert>
      ) : result.data ? (
        <>
          {extra && <ul className="faq-list faq-list--linked">{item(extra)}</ul>}
          {id && !inList && <QueryStatus pending={single.isPending} error={single.error} />}
          {groups.length === 0 && !extra ? (
            <EmptyState
              title={t('centre.faqEmptyTitle')}
              description={t('centre.faqEmptyText')}
              action={{ label: t('centre.toContactBook'), to: '/support/contact-book' }}
            />
          ) : (
            groups.map((group) => {
              const key = group.faqTaxonomy ?? 'other';
              const headingId = `faq-group-${key}`;
              return (
                <section
                  key={key}
                  className="faq-group"
                  aria-labelledby={showGroupNames ? headingId : undefined}
                >
                  {showGroupNames && (
                    <h2 id={headingId} className="faq-group__title">
                      {group.faqTaxonomy ? groupName(group.faqTaxonomy) : t('faq.otherQuestions')}
                    </h2>
                  )}
                  <ul className="faq-list">{group.entries.map(item)}</ul>
                </section>
              );
            })
          )}
        </>
      ) : (
        <QueryStatus pending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
      )}
    </section>
  );
}
