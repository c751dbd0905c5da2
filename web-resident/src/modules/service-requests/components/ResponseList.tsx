import type { ServiceRequestResponse } from '@porta/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SubmitButton, TextField } from '../../../shared/ui/fields';
import { useToast } from '../../../shared/ui/Toast';
import { useFormatters } from '../../../shared/utils/format';
import { hasText, htmlToText, textToHtml } from '../../community';
import { SafeHtml } from '../../news';
import { useDeleteResponse, useEditResponse } from '../hooks/queries';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { AttachmentLinks, AttachmentNames } from './AttachmentLinks';
import { useSenderText } from './SenderLine';

/**
 * A request's responses, oldest first: who wrote each (name and apartment), when (and whether it
 * was edited), the text and its attachments (`linked`: as links and thumbnails; otherwise by name
 * only, as on the manage page). A deleted response keeps its place as "This response has been
 * deleted". With `requestId` (a signed-in reader), each response offers what its rights allow:
 * edit (its writer, inline), delete (its writer or a manager, confirmed) and removing its files.
 */
export function ResponseList({
  responses,
  linked = true,
  requestId,
}: {
  responses: readonly ServiceRequestResponse[];
  linked?: boolean;
  requestId?: string;
}) {
  const { t } = useTranslation('serviceRequests');
  if (responses.length === 0) return <p className="muted">{t('responses.empty')}</p>;
  return (
    <ol className="service-request-responses">
      {responses.map((response) => (
        <ResponseItem
          key={response.id}
          response={response}
          linked={linked}
          requestId={linked ? requestId : undefined}
        />
      ))}
    </ol>
  );
}

function ResponseItem({
  response,
  linked,
  requestId,
}: {
  response: ServiceRequestResponse;
  linked: boolean;
  requestId: string | undefined;
}) {
  const { t } = useTranslation('serviceRequests');
  const { dateTime } = useFormatters();
  const senderText = useSenderText();
  const toast = useToast();
  const articleRef = useRef<HTMLElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Where focus goes once a control it was on is gone: the edit button or the response itself.
  const [refocus, setRefocus] = useState<'edit' | 'article' | null>(null);

  useEffect(() => {
    if (!refocus || confirmingDelete || editing) return;
    setRefocus(null);
    (refocus === 'edit' ? (editRef.current ?? articleRef.current) : articleRef.current)?.focus();
  }, [refocus, confirmingDelete, editing]);

  const actions = requestId !== undefined && !response.isDeleted;
  const label = response.isDeleted
    ? t('responses.deletedLabel')
    : response.isOwn
      ? t('responses.own')
      : t('responses.by', { name: response.sender.name });
  const attachmentsLabel = t('responses.attachments', { name: response.sender.name });
  const classes = [
    'service-request-response',
    response.isOwn && !response.isDeleted ? 'service-request-response--own' : null,
    response.isDeleted ? 'service-request-response--deleted' : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li>
      <article ref={articleRef} className={classes} aria-label={label} tabIndex={-1}>
        {response.isDeleted ? (
          <p className="muted service-request-response__deleted">{t('responses.deleted')}</p>
        ) : (
          <>
            <p className="community-meta">
              <span className="community-meta__name">{senderText(response.sender)}</span>
              {response.isOwn && <span className="tag tag--own">{t('responses.you')}</span>}
              <time className="community-meta__date" dateTime={response.createdAt}>
                {dateTime(response.createdAt)}
              </time>
              {response.editedAt && (
                <span className="muted" title={dateTime(response.editedAt)}>
                  {t('responses.edited')}
                </span>
              )}
            </p>
            {editing && requestId ? (
              <EditResponseForm
                requestId={requestId}
                response={response}
                onCancel={() => {
                  setEditing(false);
                  setRefocus('edit');
                }}
                onSaved={() => {
                  setEditing(false);
                  setRefocus('edit');
                  toast.show(t('responses.updated'), 'success');
                }}
              />
            ) : (
              <SafeHtml html={response.content} className="service-request-response__content" />
            )}
            {linked ? (
              <AttachmentLinks
                attachments={response.attachments}
                label={attachmentsLabel}
                removable={
                  requestId
                    ? {
                        requestId,
                        responseId: response.id,
                        onRemoved: () => articleRef.current?.focus(),
                      }
                    : undefined
                }
              />
            ) : (
              <AttachmentNames attachments={response.attachments} label={attachmentsLabel} />
            )}
            {actions && !editing && (response.canEdit || response.canDelete) && (
              <div className="form__actions service-request-response__actions">
                {response.canEdit && (
                  <button
                    ref={editRef}
                    type="button"
                    className="button button--secondary"
                    onClick={() => setEditing(true)}
                  >
                    {t('responses.edit')}
                  </button>
                )}
                {response.canDelete && (
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => setConfirmingDelete(true)}
                  >
                    {t('responses.delete')}
                  </button>
                )}
              </div>
            )}
          </>
        )}
      </article>
      {confirmingDelete && requestId && (
        <DeleteResponseDialog
          requestId={requestId}
          response={response}
          onCancel={() => setConfirmingDelete(false)}
          onDeleted={() => {
            setConfirmingDelete(false);
            setRefocus('article');
            toast.show(t('responses.deletedToast'), 'success');
          }}
        />
      )}
    </li>
  );
}

/** Confirm deleting a response; a refusal shows in the dialog, cancelling forgets it. */
function DeleteResponseDialog({
  requestId,
  response,
  onCancel,
  onDeleted,
}: {
  requestId: string;
  response: ServiceRequestResponse;
  onCancel(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('serviceRequests');
  const errorText = useServiceRequestErrorText();
  const remove = useDeleteResponse(requestId);
  return (
    <ConfirmDialog
      title={t('responses.deleteTitle')}
      confirmLabel={t('responses.deleteConfirm')}
      destructive
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onCancel={onCancel}
      onConfirm={() => remove.mutate({ responseId: response.id }, { onSuccess: onDeleted })}
    >
      <p>{response.isOwn ? t('responses.deleteText') : t('responses.deleteOthersText')}</p>
    </ConfirmDialog>
  );
}

/**
 * One's own response edited in place: its text as plain text (sent as paragraphs of HTML, as when
 * answering). A refusal shows the server's message and the text stays; Escape or Cancel leave it.
 */
function EditResponseForm({
  requestId,
  response,
  onCancel,
  onSaved,
}: {
  requestId: string;
  response: ServiceRequestResponse;
  onCancel(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('serviceRequests');
  const { t: tc } = useTranslation('common');
  const errorText = useServiceRequestErrorText();
  const edit = useEditResponse(requestId);
  const [text, setText] = useState(() => htmlToText(response.content));
  const [checked, setChecked] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    if (!hasText(text)) {
      setChecked(true);
      fieldRef.current?.focus();
      return;
    }
    setChecked(false);
    edit.mutate({ responseId: response.id, content: textToHtml(text) }, { onSuccess: onSaved });
  };

  const missing = checked && !hasText(text);
  return (
    <form
      className="form service-request-response__edit"
      onSubmit={submit}
      noValidate
      aria-busy={edit.isPending || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !edit.isPending) {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <TextField
        label={t('responses.editLabel')}
        multiline
        rows={4}
        required
        value={text}
        textareaRef={fieldRef}
        disabled={edit.isPending}
        error={missing ? tc('form.required') : undefined}
        onChange={setText}
      />
      {edit.isError && (
        <p className="form__alert" role="alert">
          {errorText(edit.error)}
        </p>
      )}
      <div className="form__actions">
        <SubmitButton busy={edit.isPending} label={t('responses.save')} busyLabel={t('responses.saving')} />
        <button
          type="button"
          className="button button--secondary"
          disabled={edit.isPending}
          onClick={onCancel}
        >
          {tc('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
