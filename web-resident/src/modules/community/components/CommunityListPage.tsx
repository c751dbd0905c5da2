import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../shared/ui/Toast';
import { usePageMeta } from '../../layout';
import { type SectionLink, SectionLinks } from '../../sections';
import { useCommunityErrorText } from '../hooks/use-community-error-text';
import type { WritingValues } from '../utils/body';
import { WritingForm } from './WritingForm';

/** Starting a discussion from a list page: a titled message, opened once published. */
export interface NewWriting {
  /** The button showing the form ('New discussion'). */
  label: string;
  /** The form's heading. */
  title: string;
  mutation: UseMutationResult<{ id: string }, unknown, WritingValues>;
  /** The toast once published. */
  created: string;
  /** Where the published one is. */
  urlOf(id: string): string;
}

/**
 * A community list page (public discussions, private messages, area discussions, neighbours): the
 * heading with its `action`, the community's sub sections that are on, and with `newWriting` the
 * button showing and hiding the form for a new discussion (title and message required; published,
 * a toast and the new one opens; cancelled, focus goes back to the button).
 */
export function CommunityListPage({
  heading,
  links,
  action,
  newWriting,
  children,
}: {
  heading: string;
  links: readonly SectionLink[];
  action?: ReactNode;
  newWriting?: NewWriting;
  children: ReactNode;
}) {
  const { t } = useTranslation('community');
  usePageMeta({ title: heading });
  const headingId = useId();
  const formId = useId();
  const [writing, setWriting] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <section className="page community" aria-labelledby={headingId}>
      <div className="community__heading">
        <h1 id={headingId}>{heading}</h1>
        {action}
        {newWriting && (
          <button
            ref={buttonRef}
            type="button"
            className="button button--primary"
            aria-expanded={writing}
            aria-controls={writing ? formId : undefined}
            onClick={() => setWriting((open) => !open)}
          >
            {newWriting.label}
          </button>
        )}
      </div>
      <SectionLinks links={links} label={t('navigation')} className="community-nav" />
      {newWriting && writing && (
        <NewWritingForm
          id={formId}
          newWriting={newWriting}
          onCancel={() => {
            setWriting(false);
            buttonRef.current?.focus();
          }}
        />
      )}
      {children}
    </section>
  );
}

function NewWritingForm({
  id,
  newWriting: { title, mutation, created, urlOf },
  onCancel,
}: {
  id: string;
  newWriting: NewWriting;
  onCancel(): void;
}) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useCommunityErrorText();
  return (
    <section id={id} className="card community__new" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <WritingForm
        title="required"
        autoFocus
        bodyLabel={t('discussions.body')}
        submitLabel={t('discussions.publish')}
        busyLabel={t('discussions.publishing')}
        busy={mutation.isPending}
        error={mutation.isError ? errorText(mutation.error) : null}
        onCancel={() => {
          mutation.reset();
          onCancel();
        }}
        onSubmit={(values) =>
          mutation.mutate(values, {
            onSuccess: (published) => {
              toast.show(created, 'success');
              navigate(urlOf(published.id));
            },
          })
        }
      />
    </section>
  );
}
