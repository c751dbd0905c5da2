import { conversationUrl } from '@porta/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useToast } from '../../../shared/ui/Toast';
import { usePageMeta } from '../../layout';
import { RequireHousingCompany } from '../../news';
import { useCreateConversation, useRecipients } from '../hooks/conversations';
import { useCommunityErrorText } from '../hooks/use-community-error-text';
import { PRIVATE_MESSAGES_PATH } from '../utils/links';
import { RecipientPicker } from './RecipientPicker';
import { WritingForm } from './WritingForm';

/**
 * /community/private-messages/new (02 §2, §5, §6): a private message to chosen neighbours (at least
 * one; `?to=<userId>` comes chosen, as the neighbour list links), with an optional title and the
 * message (required). Nothing is sent while something required is missing. Sent, the 'Message
 * sent' toast and the new conversation opens; refused, the server's message shows in the form.
 */
export function NewConversationPage() {
  return (
    <RequireHousingCompany>
      <NewConversation />
    </RequireHousingCompany>
  );
}

function NewConversation() {
  const { t } = useTranslation('community');
  const heading = t('private.newTitle');
  usePageMeta({ title: heading });
  const headingId = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useCommunityErrorText();
  const recipients = useRecipients();
  const create = useCreateConversation('private');
  const [picked, setPicked] = useState<string[]>(() => {
    const to = params.get('to');
    return to ? [to.toLowerCase()] : [];
  });
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const list = recipients.data?.items ?? [];
  // Only those one may message count (a `?to=` of someone else is dropped).
  const chosen = picked.filter((id) => list.some((r) => r.id === id));

  return (
    <section className="page community" aria-labelledby={headingId}>
      <p>
        <Link className="back-link" to={PRIVATE_MESSAGES_PATH}>
          {t('private.back')}
        </Link>
      </p>
      <h1 id={headingId}>{heading}</h1>
      <QueryStatus
        pending={recipients.isPending}
        error={recipients.error}
        onRetry={() => void recipients.refetch()}
      />
      {recipients.data &&
        (list.length === 0 ? (
          <p className="empty-state">{t('private.noRecipients')}</p>
        ) : (
          <div className="card community__new">
            <WritingForm
              title="optional"
              lead={{
                valid: chosen.length > 0,
                focus: () => {
                  const group = groupRef.current;
                  (
                    group?.querySelector<HTMLInputElement>('input[type="checkbox"]') ??
                    group?.querySelector('input')
                  )?.focus();
                },
                render: (showError) => (
                  <RecipientPicker
                    recipients={list}
                    chosen={chosen}
                    onChange={setPicked}
                    showError={showError}
                    groupRef={groupRef}
                  />
                ),
              }}
              bodyLabel={t('discussions.body')}
              submitLabel={t('messages.send')}
              busyLabel={t('comments.sending')}
              busy={create.isPending}
              error={create.isError ? errorText(create.error) : null}
              onCancel={() => navigate(PRIVATE_MESSAGES_PATH)}
              onSubmit={(values) =>
                create.mutate(
                  { ...values, participantIds: chosen },
                  {
                    onSuccess: (created) => {
                      toast.show(t('messages.sent'), 'success');
                      navigate(conversationUrl('private', created.id));
                    },
                  },
                )
              }
            />
          </div>
        ))}
    </section>
  );
}
